import { directionControlMessage, hasDirectionControl } from '@careloop/domain/direction-controls';
import { z } from 'zod';

/** A name people read (patient, clinic, template): no direction controls that would disguise it. */
export const nameText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !hasDirectionControl(value), directionControlMessage.message);
