import { describe, expect, it } from 'vitest';
import {
  type AutomationConfigInput,
  automationConfigMessages,
  automationConfigSchema,
  defaultAutomationConfig,
  enabledFollowUpDays,
  minutesOfDay,
} from './automation-config';

const messagesOf = (input: unknown) => {
  const result = automationConfigSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('automation config defaults (spec 2 §3)', () => {
  it('a clinic that never saved gets the spec defaults', () => {
    expect(defaultAutomationConfig).toEqual({
      whatsappEnabled: false,
      whatsappSecretName: null,
      whatsappPhoneNumberId: null,
      smsEnabled: true,
      smsSecretName: null,
      smsProvider: 'twilio',
      smsFromNumber: null,
      defaultChannel: 'sms',
      followupSchedule: { '1': true, '3': true, '7': true, '14': true, '30': false },
      crosssellEnabled: true,
      crosssellDelayDays: 30,
      quietHours: { sendFrom: '09:00', sendUntil: '20:00' },
    });
  });

  it('days missing from a saved schedule take their default', () => {
    const config = automationConfigSchema.parse({ followupSchedule: { '30': true, '1': false } });
    expect(enabledFollowUpDays(config.followupSchedule)).toEqual([3, 7, 14, 30]);
  });

  it('the success message is the spec wording', () => {
    expect(automationConfigMessages.saved.message).toBe('Success - Automation settings saved successfully');
  });
});

describe('automation config validation', () => {
  const delay = automationConfigMessages.crossSellDelayRange.message;
  it.each<[string, AutomationConfigInput | Record<string, unknown>, string[][]]>([
    ['delay 1 (lowest)', { crosssellDelayDays: 1 }, []],
    ['delay 365 (highest)', { crosssellDelayDays: 365 }, []],
    ['delay 0', { crosssellDelayDays: 0 }, [['crosssellDelayDays', delay]]],
    ['delay 366', { crosssellDelayDays: 366 }, [['crosssellDelayDays', delay]]],
    ['delay 2.5', { crosssellDelayDays: 2.5 }, [['crosssellDelayDays', delay]]],
    ['delay as text', { crosssellDelayDays: '30' }, [['crosssellDelayDays', delay]]],
    [
      'schedule day 2',
      { followupSchedule: { '2': true } },
      [['followupSchedule', automationConfigMessages.scheduleDay.message]],
    ],
    ['provider aws_sns', { smsProvider: 'aws_sns' }, []],
    ['provider vonage', { smsProvider: 'vonage' }, []],
    [
      'provider messagebird',
      { smsProvider: 'messagebird' },
      [['smsProvider', automationConfigMessages.smsProvider.message]],
    ],
    [
      'channel email',
      { defaultChannel: 'email' },
      [['defaultChannel', automationConfigMessages.channel.message]],
    ],
    [
      'default whatsapp while whatsapp is off',
      { defaultChannel: 'whatsapp' },
      [['defaultChannel', automationConfigMessages.defaultChannelOff.message]],
    ],
    ['default whatsapp with whatsapp on', { defaultChannel: 'whatsapp', whatsappEnabled: true }, []],
    ['both channels off (paused)', { smsEnabled: false, whatsappEnabled: false }, []],
    [
      'sms default, sms off, whatsapp on',
      { smsEnabled: false, whatsappEnabled: true },
      [['defaultChannel', automationConfigMessages.defaultChannelOff.message]],
    ],
    ['window 00:00-23:59', { quietHours: { sendFrom: '00:00', sendUntil: '23:59' } }, []],
    [
      'window 24:00',
      { quietHours: { sendFrom: '09:00', sendUntil: '24:00' } },
      [['quietHours.sendUntil', automationConfigMessages.timeFormat.message]],
    ],
    [
      'window 9:00 without a leading zero',
      { quietHours: { sendFrom: '9:00', sendUntil: '20:00' } },
      [['quietHours.sendFrom', automationConfigMessages.timeFormat.message]],
    ],
    [
      'window that ends when it starts',
      { quietHours: { sendFrom: '20:00', sendUntil: '20:00' } },
      [['quietHours.sendUntil', automationConfigMessages.quietHoursOrder.message]],
    ],
  ])('%s', (_name, input, expected) => {
    expect(messagesOf(input)).toEqual(expected);
  });

  it('blank secret names and numbers are stored as null', () => {
    const config = automationConfigSchema.parse({ smsFromNumber: '  ', whatsappSecretName: ' WA_TOKEN ' });
    expect(config.smsFromNumber).toBeNull();
    expect(config.whatsappSecretName).toBe('WA_TOKEN');
  });
});

describe('minutesOfDay', () => {
  it.each([
    ['00:00', 0],
    ['09:00', 540],
    ['20:00', 1200],
    ['23:59', 1439],
  ])('%s is %i', (time, minutes) => {
    expect(minutesOfDay(time)).toBe(minutes);
  });
  it.each(['24:00', '9:00', '12:60', ''])('%s is refused', (time) => {
    expect(() => minutesOfDay(time)).toThrow(RangeError);
  });
});
