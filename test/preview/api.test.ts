import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiInputError } from '../../src-main/core/api/apiInput';
import { ServiceError } from '../../src-main/core/service/serviceErrors';
import { refusal } from '../../src-shared/refusal';
import { KNOWN_DEVICE } from '../support/fakeClassTray';
import type { PreviewTestApp } from './previewApp';
import { previewTestApp } from './previewApp';

let preview: PreviewTestApp;
beforeEach(async () => {
  preview = await previewTestApp();
});
afterEach(async () => {
  await preview.close();
});

describe('GET /api/state', () => {
  it('answers the core snapshot', async () => {
    const response = await preview.request({ url: '/api/state' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(preview.core.state);
  });
});

describe('POST /api/actions/:action', () => {
  it('runs an action with its input and answers its result', async () => {
    const response = await preview.post('/api/actions/invalidateTemporalAccess', {
      token: 'abc',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      result: expect.objectContaining({
        kind: 'invalidated',
        sessionExpiresAt: '2030-01-01T00:00:30.000Z',
      }),
    });
    expect(preview.core.calls).toEqual([
      { name: 'invalidateTemporalAccess', input: { token: 'abc' } },
    ]);
  });

  it('answers null for an action without a result', async () => {
    const response = await preview.post('/api/actions/refresh', {});
    expect(response.json()).toEqual({ result: null });
  });

  it('shows the effect of an action in the next snapshot', async () => {
    await preview.post('/api/actions/selectClassroom', { id: 'room-b' });
    const state = await preview.request({ url: '/api/state' });
    expect(state.json().classroom.id).toBe('room-b');
  });

  it('answers 404 for a name that is not an action', async () => {
    const response = await preview.post('/api/actions/devicePassword', { remoteId: '1' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(/no such action/);
    expect(preview.core.calls).toEqual([]);
  });

  it('answers 422 with a sentence naming the field for input the core refuses', async () => {
    const response = await preview.post('/api/actions/selectClassroom', { id: 42 });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(/^selectClassroom: id: .+\.$/);
  });

  it("answers 422 with a refusal's code and values beside its English sentence", async () => {
    preview.core.selectClassroom.mockRejectedValueOnce(
      new ApiInputError(
        'The service has no classroom with the id "room-zz".',
        refusal('classroomUnknown', { id: 'room-zz' }),
      ),
    );
    const response = await preview.post('/api/actions/selectClassroom', { id: 'room-zz' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'The service has no classroom with the id "room-zz".',
      refusal: { code: 'classroomUnknown', values: { id: 'room-zz' } },
    });
  });

  it('answers 422 for an unknown field in the input', async () => {
    const response = await preview.post('/api/actions/setMode', { mode: 'demo', extra: 1 });
    expect(response.statusCode).toBe(422);
  });

  it('answers 400 with a sentence for a body that is not JSON', async () => {
    const response = await preview.postAsIs(
      '/api/actions/refresh',
      { 'content-type': 'application/json' },
      '{nope',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The body is not valid JSON.' });
  });

  it('answers 413 with a sentence for a body over the limit', async () => {
    const response = await preview.post('/api/actions/addTemporalAccess', {
      linkOrToken: 'x'.repeat(100_000),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'The body is too large.' });
  });

  it("answers 502 with the service's problem when the service fails the action", async () => {
    preview.core.refresh.mockRejectedValueOnce(
      new ServiceError({ kind: 'server', status: 503, detail: 'Maintenance' }),
    );
    const response = await preview.post('/api/actions/refresh', {});
    expect(response.statusCode).toBe(502);
    // The sentence for the log and a refusal the window words in its language.
    expect(response.json()).toEqual({
      error: 'The service failed (HTTP 503): Maintenance.',
      refusal: { code: 'serviceFailed', values: { status: 503 } },
    });
  });

  it('answers 500 without the error text when the core fails unexpectedly', async () => {
    preview.core.refresh.mockRejectedValueOnce(new Error('secret-token-123 leaked'));
    const response = await preview.post('/api/actions/refresh', {});
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret-token-123');
    expect(preview.logged).toHaveLength(1);
  });
});

describe('POST /api/copy-password', () => {
  it("answers a device's password for the tab to copy", async () => {
    const response = await preview.post('/api/copy-password', { remoteId: KNOWN_DEVICE.remoteId });
    // The teacher's delay comes along: the tab clears the password itself.
    expect(response.json()).toEqual({ password: KNOWN_DEVICE.password, clearAfterSeconds: 30 });
  });

  it('answers null for a device not in the classroom', async () => {
    const response = await preview.post('/api/copy-password', { remoteId: '999' });
    expect(response.json()).toEqual({ password: null, clearAfterSeconds: 30 });
  });

  it('answers 422 for input without a remoteId', async () => {
    const response = await preview.post('/api/copy-password', {});
    expect(response.statusCode).toBe(422);
  });
});

describe('POST /api/visibility', () => {
  it('answers 422 to a report for a tab with no open event stream', async () => {
    const response = await preview.post('/api/visibility', {
      tab: 'no-such-tab',
      visible: false,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(/^visibility: tab: .+\.$/);
    expect(preview.core.windowVisible).toEqual([]);
  });

  it('answers 422 to a report that is not a boolean', async () => {
    const response = await preview.post('/api/visibility', { tab: 't', visible: 'yes' });
    expect(response.statusCode).toBe(422);
  });

  it('answers 422 to a report that names no tab', async () => {
    const response = await preview.post('/api/visibility', { visible: true });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(/^visibility: tab/);
  });
});
