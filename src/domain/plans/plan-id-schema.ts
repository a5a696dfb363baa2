import { z } from 'zod';
import { planIds } from './plans';

/** A plan id in an API request ('free', 'personal' or 'pro'). */
export const PlanIdSchema = z.enum(planIds);
