import { Injectable } from '@nestjs/common';
import { ContentWriter, WriteOptions } from '../content-writes/content-writer.service';
import type { ContentHead } from '../heads/content-head';
import type { RevisionEntity } from '../revisions/revision.entity';
import type { Variables } from '../reusable-contents/reusable-content-entry';
import { requireVariables } from './variable-rules';

export interface VariablesWriteResult {
  revision: RevisionEntity;
  variables: Variables;
}

/**
 * The revision's `variables` of any head (the space's content, a change request's): replaced
 * whole (`put`) or merged (`patch`: the given names set, the others kept). One revision per
 * write, none when nothing changes.
 */
@Injectable()
export class VariablesWrites {
  constructor(private readonly writer: ContentWriter) {}

  async put(head: ContentHead, input: Record<string, unknown>, options: Pick<WriteOptions, 'actor' | 'ifMatch'>): Promise<VariablesWriteResult> {
    const variables = requireVariables(input, 'variables');
    return this.write(head, options, 'Replace variables', () => variables);
  }

  async patch(head: ContentHead, input: Record<string, unknown>, options: Pick<WriteOptions, 'actor' | 'ifMatch'>): Promise<VariablesWriteResult> {
    const changes = requireVariables(input, 'variables');
    return this.write(head, options, `Set variables ${Object.keys(changes).join(', ')}`, (current) => requireVariables({ ...current, ...changes }, 'variables'));
  }

  private async write(
    head: ContentHead,
    options: Pick<WriteOptions, 'actor' | 'ifMatch'>,
    message: string,
    next: (current: Readonly<Variables>) => Variables,
  ): Promise<VariablesWriteResult> {
    const { revision, result } = await this.writer.apply(head, { ...options, message }, async (draft) => {
      draft.setVariables(next(draft.variables));
      const variables = draft.variables;
      return async () => variables;
    });
    return { revision, variables: result };
  }
}
