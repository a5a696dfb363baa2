import { describe, expect, it } from 'vitest';
import type { PlanId } from '#domain/plans/plans.ts';
import { planButton, type PlanButton, type PlanViewer } from './plan-button';

const signedOut: PlanViewer = { status: 'signed-out' };
const loadingSession: PlanViewer = { status: 'loading' };
const on = (currentPlan: PlanId | undefined): PlanViewer => ({ status: 'signed-in', currentPlan });

const signUp = (action: 'register' | 'sign-in-to-subscribe'): PlanButton => ({
  action,
  label: 'Sign Up',
  disabled: false,
});
const current: PlanButton = { action: 'current', label: 'Current Plan', disabled: true };
const subscribe = (action: 'switch-to-free' | 'checkout'): PlanButton => ({
  action,
  label: 'Subscribe Now',
  disabled: false,
});
const loading: PlanButton = { action: 'loading', label: 'Loading...', disabled: true };

describe('planButton (§2: Sign Up when signed out, Current Plan for the user’s plan, otherwise Subscribe Now)', () => {
  it.each<[string, PlanId, PlanViewer, PlanButton]>([
    ['signed out, Free: sign up (register)', 'free', signedOut, signUp('register')],
    ['signed out, Personal: sign up (sign in to subscribe)', 'personal', signedOut, signUp('sign-in-to-subscribe')],
    ['signed out, Pro: sign up (sign in to subscribe)', 'pro', signedOut, signUp('sign-in-to-subscribe')],

    ['on Free, Free', 'free', on('free'), current],
    ['on Free, Personal', 'personal', on('free'), subscribe('checkout')],
    ['on Free, Pro', 'pro', on('free'), subscribe('checkout')],

    ['on Personal, Free: switch to free', 'free', on('personal'), subscribe('switch-to-free')],
    ['on Personal, Personal', 'personal', on('personal'), current],
    ['on Personal, Pro', 'pro', on('personal'), subscribe('checkout')],

    ['on Pro, Free: switch to free', 'free', on('pro'), subscribe('switch-to-free')],
    ['on Pro, Personal', 'personal', on('pro'), subscribe('checkout')],
    ['on Pro, Pro', 'pro', on('pro'), current],

    ['session loading', 'pro', loadingSession, loading],
    ['signed in, plan not loaded yet', 'free', on(undefined), loading],
  ])('%s', (_case, plan, viewer, expected) => {
    expect(planButton(plan, viewer)).toEqual(expected);
  });
});

describe('planButton on a site that takes no payments', () => {
  const unavailable: PlanButton = { action: 'unavailable', label: 'Unavailable', disabled: true };
  it.each<[string, PlanId, PlanViewer, PlanButton]>([
    ['signed out, Free: still sign up', 'free', signedOut, signUp('register')],
    ['signed out, Pro', 'pro', signedOut, unavailable],
    ['on Free, Personal', 'personal', on('free'), unavailable],
    ['on Pro (bought earlier), Pro stays current', 'pro', on('pro'), current],
    ['on Pro, Free: switch to free', 'free', on('pro'), subscribe('switch-to-free')],
  ])('%s', (_case, plan, viewer, expected) => {
    expect(planButton(plan, viewer, false)).toEqual(expected);
  });
});
