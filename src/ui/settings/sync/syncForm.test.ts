import { describe, expect, it } from 'vitest';
import { checkSyncForm, type SyncFormInput, syncSettingsFrom } from './syncForm';

const good: SyncFormInput = {
  url: 'https://couch.example.com/baton',
  username: 'ada',
  password: 'pw',
  passphrase: 'correct horse battery staple',
};

describe('checkSyncForm', () => {
  it('passes a complete form, and one without credentials for a server that needs none', () => {
    expect(checkSyncForm(good, false)).toEqual({});
    expect(checkSyncForm({ ...good, username: '', password: '' }, false)).toEqual({});
    expect(checkSyncForm({ ...good, url: 'http://127.0.0.1:5984/baton/' }, false)).toEqual({});
    expect(checkSyncForm({ ...good, url: 'http://localhost:5984/baton' }, false)).toEqual({});
  });

  it('refuses plain http:// to another machine, which the page may not reach (and which would send the password in clear)', () => {
    expect(checkSyncForm({ ...good, url: 'http://192.168.1.20:5984/baton' }, false).url).toBe(
      'Baton reaches plain http:// only on this computer (localhost, 127.0.0.1): use https:// for 192.168.1.20:5984, which also keeps your password and data encrypted on the way.',
    );
    expect(checkSyncForm({ ...good, url: 'https://192.168.1.20:6984/baton' }, false)).toEqual({});
  });

  it('refuses an empty URL, naming an example', () => {
    expect(checkSyncForm({ ...good, url: '  ' }, false)).toEqual({
      url: 'Enter the database URL, for example https://couch.example.com/baton.',
    });
  });

  it('refuses what is not a URL, and URLs of other schemes', () => {
    expect(checkSyncForm({ ...good, url: 'couch.example.com/baton' }, false).url).toBe(
      'The database URL is not a valid address: it should look like https://couch.example.com/baton.',
    );
    expect(checkSyncForm({ ...good, url: 'ftp://couch.example.com/baton' }, false).url).toBe(
      'The database URL must start with https:// or http://.',
    );
    expect(checkSyncForm({ ...good, url: 'javascript:alert(1)' }, false).url).toBe(
      'The database URL must start with https:// or http://.',
    );
  });

  it('refuses credentials in the URL and points to the fields', () => {
    for (const url of ['https://ada:pw@couch.example.com/baton', 'https://ada@couch.example.com/baton']) {
      expect(checkSyncForm({ ...good, url }, false).url).toBe(
        'Take the username and password out of the database URL and type them into their own fields.',
      );
    }
  });

  it("refuses a server's root without a database name, and a query", () => {
    expect(checkSyncForm({ ...good, url: 'https://couch.example.com/' }, false).url).toBe(
      "The database URL must end with the database's name, as in https://couch.example.com/baton.",
    );
    expect(checkSyncForm({ ...good, url: 'https://couch.example.com/baton?x=1' }, false).url).toMatch(
      /must not have a query/,
    );
  });

  it('asks for the username that goes with a password', () => {
    expect(checkSyncForm({ ...good, username: ' ' }, false)).toEqual({
      username: 'Enter the username that goes with the password.',
    });
  });

  it('needs a passphrase on a first start, and not when this device kept the keys', () => {
    expect(checkSyncForm({ ...good, passphrase: '' }, false)).toEqual({
      passphrase:
        'Enter a passphrase: it encrypts everything before it leaves this device, and every device needs the same one.',
    });
    expect(checkSyncForm({ ...good, passphrase: '' }, true)).toEqual({});
  });

  it('names every field with a problem at once', () => {
    expect(
      Object.keys(checkSyncForm({ url: '', username: '', password: 'x', passphrase: '' }, false)),
    ).toEqual(['url', 'username', 'passphrase']);
  });
});

describe('syncSettingsFrom', () => {
  it('trims the URL and username and drops a trailing slash, and keeps the password as typed', () => {
    expect(
      syncSettingsFrom({
        url: ' https://couch.example.com/baton/ ',
        username: ' ada ',
        password: ' p ',
        passphrase: 'x',
      }),
    ).toEqual({ url: 'https://couch.example.com/baton', username: 'ada', password: ' p ' });
  });
});
