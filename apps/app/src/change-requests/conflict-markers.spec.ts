import { conflictRegions, resolveConflicts } from './conflict-markers';

// As an update writes it (libs/collaboration's mergeText), read back through the markdown round trip.
const body = ['# Setup', '', '`<<<<<<< change request`', '', 'Run the new installer.', '', '`=======`', '', 'Run setup.exe.', '', 'Then reboot.', '', '`>>>>>>> space`', '', 'Done.', ''].join('\n');

describe('conflict markers', () => {
  it('finds each region with both versions', () => {
    expect(conflictRegions(body)).toEqual([{ changeRequest: ['Run the new installer.'], space: ['Run setup.exe.', '', 'Then reboot.'] }]);
    expect(conflictRegions('# Clean\n\nNothing here.\n')).toEqual([]);
  });

  it('keeps the chosen version and drops the markers', () => {
    expect(resolveConflicts(body, 'change-request')).toBe('# Setup\n\nRun the new installer.\n\nDone.\n');
    expect(resolveConflicts(body, 'space')).toBe('# Setup\n\nRun setup.exe.\n\nThen reboot.\n\nDone.\n');
  });

  it('reads markers whose sides are the other way round, and leaves a lone marker as text', () => {
    const reversed = ['`<<<<<<< space`', '', 'Theirs.', '', '`=======`', '', 'Mine.', '', '`>>>>>>> change request`'].join('\n');
    expect(conflictRegions(reversed)).toEqual([{ changeRequest: ['Mine.'], space: ['Theirs.'] }]);
    expect(resolveConflicts('`<<<<<<< change request`\n\nAlone.\n', 'space')).toBe('`<<<<<<< change request`\n\nAlone.\n');
  });
});
