import { describe, expect, it } from 'vitest';
import {
  DEMO_MODEL_ID,
  DEMO_MODEL_LABEL,
  DEMO_SMALL_MODEL_ID,
  DEMO_SMALL_MODEL_LABEL,
} from '../../llm/defaults';
import { ModelClientCache } from '../app/modelClients';
import { demoModelFor, modelLabel } from './modelLabel';
import { modelForSession } from './sessionModel';
import { DEFAULT_SETTINGS } from './settings';

const noKey = (model: string) => ({ ...DEFAULT_SETTINGS, apiKey: '', model });
const clients = new ModelClientCache();
const chooseModel = clients.choose.bind(clients);
const forgetModelClient = clients.forget.bind(clients);

describe('demoModelFor', () => {
  it('is the small-window demo when the settings name it, trimmed', () => {
    expect(demoModelFor({ model: DEMO_SMALL_MODEL_ID })).toBe(DEMO_SMALL_MODEL_ID);
    expect(demoModelFor({ model: `  ${DEMO_SMALL_MODEL_ID}\n` })).toBe(DEMO_SMALL_MODEL_ID);
  });

  it('is the ordinary demo for any other model', () => {
    for (const model of ['claude-sonnet-5-5', DEMO_MODEL_ID, '', 'baton-demo-smaller', 'BATON-DEMO-SMALL']) {
      expect(demoModelFor({ model })).toBe(DEMO_MODEL_ID);
    }
  });
});

describe('the demo the settings pick', () => {
  it('is the same in the label, the session model and the model client', () => {
    for (const [model, id, label] of [
      [DEMO_SMALL_MODEL_ID, DEMO_SMALL_MODEL_ID, DEMO_SMALL_MODEL_LABEL],
      ['claude-sonnet-5-5', DEMO_MODEL_ID, DEMO_MODEL_LABEL],
    ] as const) {
      const settings = noKey(model);
      expect(modelLabel(settings)).toBe(label);
      expect(modelForSession(settings, 'claude-picked-model')).toBe(id);
      const choice = chooseModel(settings, () => {});
      expect(choice).toMatchObject({ model: id, label });
      expect(choice.client.label).toBe(label);
    }
    forgetModelClient();
  });

  it('keeps one client per demo, and a new one when the choice changes', () => {
    const small = chooseModel(noKey(DEMO_SMALL_MODEL_ID), () => {}).client;
    expect(chooseModel(noKey(` ${DEMO_SMALL_MODEL_ID} `), () => {}).client).toBe(small);
    const ordinary = chooseModel(noKey('claude-sonnet-5-5'), () => {}).client;
    expect(ordinary).not.toBe(small);
    expect(ordinary.label).toBe(DEMO_MODEL_LABEL);
    forgetModelClient();
  });

  it('is the settings model, not a demo, once there is a key', () => {
    const settings = { ...DEFAULT_SETTINGS, apiKey: 'sk-ant-x', model: 'claude-settings-model' };
    expect(modelLabel(settings)).toBe('claude-settings-model');
    expect(chooseModel(settings, () => {}).model).toBe('claude-settings-model');
    forgetModelClient();
  });
});
