import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectGoogle,
  type ReviewSandboxes,
  saveSecret,
  startReviewSandboxes,
} from '../../testing/build-review-source';
import { buildClinic } from '../../testing/build-user';
import {
  type ChannelSandboxes,
  channelSandboxCredentials,
  startChannelSandboxes,
} from '../../testing/channel-sandboxes';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { probeClinicCredentials } from './credential-probes.service';

// The daily credential check tries every stored credential, Google, Vonage and
// AWS SNS included, through the real clients against the providers' fakes; it sends nothing.
let t: TestApp;
let reviewSandboxes: ReviewSandboxes;
let channels: ChannelSandboxes;
beforeAll(async () => {
  reviewSandboxes = await startReviewSandboxes();
  channels = await startChannelSandboxes();
  t = await createTestApp({ env: { ...reviewSandboxes.env, ...channels.env } });
});
afterAll(async () => {
  await t?.close();
  await reviewSandboxes?.close();
  await channels?.close();
});

const probe = (clinicId: string) => probeClinicCredentials(t.deps, clinicId);

describe('credential probes: Google, Vonage and AWS SNS', () => {
  it('are healthy with working credentials, sending no message', async () => {
    const clinic = await buildClinic(t);
    await connectGoogle(t, reviewSandboxes, clinic);
    const { vonage, awsSns } = channelSandboxCredentials;
    await saveSecret(t, clinic.owner.cookie, `VONAGE_API_KEY_${clinic.clinicId}`, vonage.apiKey);
    await saveSecret(t, clinic.owner.cookie, `VONAGE_API_SECRET_${clinic.clinicId}`, vonage.apiSecret);
    await saveSecret(t, clinic.owner.cookie, `AWS_SNS_ACCESS_KEY_ID_${clinic.clinicId}`, awsSns.accessKeyId);
    await saveSecret(
      t,
      clinic.owner.cookie,
      `AWS_SNS_SECRET_ACCESS_KEY_${clinic.clinicId}`,
      awsSns.secretAccessKey,
    );
    const sent = channels.vonage.messages.length + channels.awsSns.messages.length;

    expect(await probe(clinic.clinicId)).toEqual([
      { credentialType: 'google', status: 'healthy', detail: null, errorCode: null },
      { credentialType: 'vonage', status: 'healthy', detail: null, errorCode: null },
      { credentialType: 'aws_sns', status: 'healthy', detail: null, errorCode: null },
    ]);
    expect(channels.vonage.messages.length + channels.awsSns.messages.length).toBe(sent);
  });

  it('are unhealthy, without the secret in the detail, when the provider refuses them', async () => {
    const clinic = await buildClinic(t);
    const google = await connectGoogle(t, reviewSandboxes, clinic);
    reviewSandboxes.google.refreshTokens.delete(google.refreshToken); // revoked by the clinic at Google
    await saveSecret(t, clinic.owner.cookie, `VONAGE_API_KEY_${clinic.clinicId}`, 'deadbeef');
    await saveSecret(t, clinic.owner.cookie, `VONAGE_API_SECRET_${clinic.clinicId}`, 'WrongVonageSecret');
    await saveSecret(
      t,
      clinic.owner.cookie,
      `AWS_SNS_ACCESS_KEY_ID_${clinic.clinicId}`,
      'AKIAUNKNOWNKEY000001',
    );
    await saveSecret(t, clinic.owner.cookie, `AWS_SNS_SECRET_ACCESS_KEY_${clinic.clinicId}`, 'x'.repeat(40));

    const probes = await probe(clinic.clinicId);
    expect(probes.map((p) => [p.credentialType, p.status, p.errorCode])).toEqual([
      ['google', 'unhealthy', 'auth_failed'],
      ['vonage', 'unhealthy', 'auth_failed'],
      ['aws_sns', 'unhealthy', 'auth_failed'],
    ]);
    const details = JSON.stringify(probes);
    for (const secret of [google.refreshToken, 'WrongVonageSecret', 'x'.repeat(40)])
      expect(details).not.toContain(secret);
  });

  it('skip what a clinic has not stored', async () => {
    const clinic = await buildClinic(t);
    await saveSecret(
      t,
      clinic.owner.cookie,
      `VONAGE_API_KEY_${clinic.clinicId}`,
      channelSandboxCredentials.vonage.apiKey,
    );
    expect(await probe(clinic.clinicId)).toEqual([]);
  });
});
