import type { EmojiReaction } from '../api/types';

/** The reactions offered; any other one already given is shown too. */
export const OFFERED_REACTIONS = ['👍', '🎉', '❤️', '👀'];

/**
 * Reactions as toggle buttons ("React with 👍", pressed when it is yours), each with its count;
 * a click adds or removes yours.
 */
export function Reactions({ reactions, userId, disabled, onToggle }: { reactions: EmojiReaction[]; userId?: string; disabled: boolean; onToggle: (emoji: string, add: boolean) => void }) {
  const emoji = [...OFFERED_REACTIONS, ...reactions.map((reaction) => reaction.emoji).filter((e) => !OFFERED_REACTIONS.includes(e))];
  return (
    <div class="reactions" role="group" aria-label="Reactions">
      {emoji.map((e) => {
        const given = reactions.find((reaction) => reaction.emoji === e);
        const mine = !!given?.users.some((entry) => entry.user.id === userId);
        const who = given ? given.users.map((entry) => entry.user.displayName).join(', ') : '';
        return (
          <button key={e} type="button" class="reaction secondary" aria-pressed={mine} aria-label={`React with ${e}`} title={who || undefined} disabled={disabled} onClick={() => onToggle(e, !mine)}>
            {e}
            {given ? <span> {given.count}</span> : null}
          </button>
        );
      })}
    </div>
  );
}
