import {
  directionControlMessage,
  directionControlTextMessage,
  hasDirectionControl,
} from '@careloop/domain/direction-controls';
import { z } from 'zod';

/** A name people read (patient, clinic, template): no direction controls that would disguise it. */
export const nameText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !hasDirectionControl(value), directionControlMessage.message);

/** Text people read that is not a name (case title and note, patient comment, template body). */
export const readableText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !hasDirectionControl(value), directionControlTextMessage.message);
