// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plans, type PlanId } from '#domain/plans/plans.ts';
import { planButton, type PlanViewer } from './plan-button';
import { PlanCard } from './plan-card';

afterEach(cleanup);

function planById(id: PlanId) {
  const plan = plans.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`no plan ${id}`);
  return plan;
}

function renderCard(id: PlanId, viewer: PlanViewer, onChoose = vi.fn()) {
  render(
    <MemoryRouter>
      <PlanCard
        plan={planById(id)}
        button={planButton(id, viewer)}
        popular={id === 'personal'}
        busy={false}
        locked={false}
        onChoose={onChoose}
      />
    </MemoryRouter>,
  );
  return { card: screen.getByRole('article', { name: planById(id).name }), onChoose };
}

describe('PlanCard (§2 pricing card)', () => {
  it('shows name, monthly price, property limit, features and the MOST POPULAR badge on Personal', () => {
    const { card } = renderCard('personal', { status: 'signed-out' });
    expect(within(card).getByRole('heading', { level: 3, name: 'Personal' })).toBeTruthy();
    expect(card.querySelector('.plan-price')?.textContent).toBe('$10/month');
    expect(card.querySelector('.plan-limit')?.textContent).toBe('25 Properties');
    expect(within(card).getByText('MOST POPULAR')).toBeTruthy();
    for (const feature of planById('personal').features) expect(within(card).getByText(feature)).toBeTruthy();
  });

  it("shows 'Unlimited Properties' for Pro and no badge", () => {
    const { card } = renderCard('pro', { status: 'signed-out' });
    expect(card.querySelector('.plan-limit')?.textContent).toBe('Unlimited Properties');
    expect(within(card).queryByText('MOST POPULAR')).toBeNull();
  });

  it('signed out, Free: Sign Up is a link to /register', () => {
    const { card } = renderCard('free', { status: 'signed-out' });
    expect(within(card).getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/register');
  });

  it('signed out, a paid plan: Sign Up is a button that asks the page to act', async () => {
    const { card, onChoose } = renderCard('pro', { status: 'signed-out' });
    await userEvent.click(within(card).getByRole('button', { name: 'Sign Up' }));
    expect(onChoose).toHaveBeenCalledOnce();
  });

  it('the current plan is a disabled Current Plan button', () => {
    const { card } = renderCard('personal', { status: 'signed-in', currentPlan: 'personal' });
    expect((within(card).getByRole('button', { name: 'Current Plan' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('another plan offers Subscribe Now', async () => {
    const { card, onChoose } = renderCard('free', { status: 'signed-in', currentPlan: 'pro' });
    await userEvent.click(within(card).getByRole('button', { name: 'Subscribe Now' }));
    expect(onChoose).toHaveBeenCalledOnce();
  });
});
