// @vitest-environment jsdom
/**
 * Saving settings through the real app wiring: what is stored, and a key that is
 * replaced or forgotten leaving storage, the open session and later exports.
 */
import { describe, expect, it, vi } from 'vitest';
import { appsPerTest, transcript } from '../../../testing/appHarness';
import { TEST_API_KEY, textReply } from '../../../testing/mockModel';
import { SCRUBBED_KEY_PLACEHOLDER } from '../../core/secrets/scrubSecret';
import { SETTINGS_KEY, type Settings } from '../store/settings';

const start = appsPerTest();
const NEW_KEY = 'sk-ant-api03-the-new-key-9876543210';

/** This test's app's copies of the modules (the harness loaded the app's modules afresh). */
async function settingsModules() {
  const [actions, keys] = await Promise.all([import('./settingsActions'), import('./keyRemoval')]);
  return { ...actions, ...keys };
}

describe('saveSettings', () => {
  it('puts the settings in effect and stores them, the key only when remembered', async () => {
    const app = await start();
    const { saveSettings } = await settingsModules();
    const next: Settings = { ...app.state().settings, model: 'claude-other', reviewHandoff: true };
    await saveSettings(next);
    expect(app.state().settings).toEqual(next);
    const stored = () => app.runtime.repository.getSetting<Settings>(SETTINGS_KEY);
    expect(await stored()).toMatchObject({
      model: 'claude-other',
      reviewHandoff: true,
      apiKey: TEST_API_KEY,
    });
    // Not remembered: the key stays in the tab (and in effect), never in IndexedDB.
    await saveSettings({ ...next, rememberKey: false });
    expect(await stored()).toMatchObject({ apiKey: '', rememberKey: false });
    expect(app.state().settings.apiKey).toBe(TEST_API_KEY);
  });

  it('a replaced key leaves what is stored and the open session, and later exports still hide it', async () => {
    const app = await start();
    const { saveSettings, withoutPastKeys } = await settingsModules();
    app.mock.script(textReply('Noted.'));
    await app.composer.submitComposer(`My key is ${TEST_API_KEY}, keep it safe`);
    await app.flush();
    const id = app.state().activeSessionId ?? '';
    await saveSettings({ ...app.state().settings, apiKey: NEW_KEY });
    await app.flush();
    const scrubbed = `user: My key is ${SCRUBBED_KEY_PLACEHOLDER}, keep it safe`;
    expect(transcript(await app.stored.branch(id))).toEqual([scrubbed, 'assistant: Noted.']);
    expect(transcript(app.runtime.session.log.getBranch())[0]).toBe(scrubbed);
    // An export of text the model echoed the old key into leaves it out, by fingerprint.
    expect(await withoutPastKeys(`echo ${TEST_API_KEY} and ${NEW_KEY}`)).toBe(
      `echo ${SCRUBBED_KEY_PLACEHOLDER} and ${SCRUBBED_KEY_PLACEHOLDER}`,
    );
    expect(await withoutPastKeys('nothing secret')).toBe('nothing secret');
  });

  it("from the UI's action surface: in effect before the call returns, then stored, and a replaced key still leaves storage", async () => {
    const app = await start();
    const { saveSettings } = await import('./actions');
    app.mock.script(textReply('Noted.'));
    await app.composer.submitComposer(`My key is ${TEST_API_KEY}`);
    await app.flush();
    const id = app.state().activeSessionId ?? '';
    const next: Settings = { ...app.state().settings, sendPendingAfterHandoff: true, apiKey: NEW_KEY };
    const saving = saveSettings(next);
    // A controlled checkbox reads the store in the same event: waiting for the engine would undo its click.
    expect(app.state().settings).toEqual(next);
    await saving;
    await app.flush();
    expect(await app.runtime.repository.getSetting<Settings>(SETTINGS_KEY)).toMatchObject({
      sendPendingAfterHandoff: true,
      apiKey: NEW_KEY,
    });
    expect(transcript(await app.stored.branch(id))[0]).toBe(`user: My key is ${SCRUBBED_KEY_PLACEHOLDER}`);
  });

  it('a settings write that fails answers false and says why; the settings stay in effect', async () => {
    const app = await start();
    const { saveSettings } = await settingsModules();
    const full = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    vi.spyOn(app.runtime.repository, 'setSetting').mockRejectedValueOnce(full);
    const next: Settings = { ...app.state().settings, model: 'claude-not-stored' };
    expect(await saveSettings(next)).toBe(false);
    expect(app.state().settings.model).toBe('claude-not-stored');
    expect(app.state().notices.at(-1)?.text).toMatch(/^Could not save the settings: /);
    expect(await saveSettings(next)).toBe(true);
    expect(await app.runtime.repository.getSetting<Settings>(SETTINGS_KEY)).toMatchObject({
      model: 'claude-not-stored',
    });
  });

  it('saving the same key again scrubs nothing', async () => {
    const app = await start();
    const { saveSettings } = await settingsModules();
    app.mock.script(textReply('Noted.'));
    await app.composer.submitComposer(`Key: ${TEST_API_KEY}`);
    await app.flush();
    await saveSettings({ ...app.state().settings, model: 'claude-other' });
    await app.flush();
    expect(transcript(await app.stored.branch(app.state().activeSessionId ?? ''))[0]).toBe(
      `user: Key: ${TEST_API_KEY}`,
    );
  });
});

describe('forgetKey', () => {
  it('drops the key from the settings in effect and stored, says so, and the demo answers', async () => {
    const app = await start({ rememberKey: true });
    const { forgetKey, KEY_FORGOTTEN } = await settingsModules();
    await forgetKey();
    expect(app.state().settings).toMatchObject({ apiKey: '', rememberKey: false });
    expect(await app.runtime.repository.getSetting<Settings>(SETTINGS_KEY)).toMatchObject({
      apiKey: '',
      rememberKey: false,
    });
    expect(app.notices()).toContainEqual({ kind: 'info', text: KEY_FORGOTTEN });
    await app.composer.submitComposer('Hello?');
    // No request reached the API: the offline demo answered.
    expect(app.mock.messageRequests()).toHaveLength(0);
    expect(transcript(app.state().entries)[0]).toBe('user: Hello?');
    expect(app.state().entries).toHaveLength(2);
  });
});
