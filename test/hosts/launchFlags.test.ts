/** The tray app's --service-url and --classroom, read among Electron's and Chromium's switches. */
import { describe, expect, it } from 'vitest';
import { ApiInputError } from '../../src-main/core/api/apiInput';
import { launchFlags } from '../../src-main/hosts/launchFlags';

const ELECTRON = ['/opt/ClassTray/classtray', '--no-sandbox', '/opt/ClassTray/resources/app.asar'];

describe('launchFlags', () => {
  it('reads both flags, in either form, among switches it does not know', () => {
    expect(
      launchFlags([
        ...ELECTRON,
        '--service-url',
        'https://service.example/school',
        '--enable-logging',
        '--classroom=room-a',
      ]),
    ).toEqual({ launchServiceUrl: 'https://service.example/school', launchClassroom: 'room-a' });
  });

  it('gives nothing without them', () => {
    expect(launchFlags([...ELECTRON, '--data-dir', '/tmp/x'])).toEqual({});
  });

  it.each([
    [['--service-url'], '--service-url needs a value.'],
    [['--classroom', '--service-url', 'https://service.example'], '--classroom needs a value.'],
    [['--service-url', 'https://user:pw@service.example'], /^--service-url: .+\.$/],
    [['--service-url=ftp://service.example'], /^--service-url: .+\.$/],
    [['--classroom='], /^--classroom: .+\.$/],
  ])('refuses %j with one sentence for the start-up dialog', (args, sentence) => {
    expect(() => launchFlags([...ELECTRON, ...args])).toThrow(ApiInputError);
    expect(() => launchFlags([...ELECTRON, ...args])).toThrow(sentence);
  });
});
