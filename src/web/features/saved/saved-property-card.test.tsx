// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SavedProperty } from './saved-properties-api';
import { SavedPropertyCard } from './saved-property-card';

afterEach(cleanup);

const property: SavedProperty = {
  id: 'property-1',
  address: '12 Oak St, Austin, TX',
  marketValue: 200_000,
  repairCosts: [],
  totalRepairCost: 0,
  cashOfferLow: 120_000,
  cashOfferHigh: 135_000,
  formula: null,
  repairEstimate: null,
  arvComps: null,
  contactName: 'Ann Lee',
  contactEmail: '',
  contactPhone: '512-555-0100',
  createdAt: '2026-11-26T17:00:00.000Z',
};

function contactLine(contact: Pick<SavedProperty, 'contactName' | 'contactEmail' | 'contactPhone'>) {
  const { container } = render(
    <MemoryRouter>
      <SavedPropertyCard property={{ ...property, ...contact }} onDelete={undefined} Exports={() => null} />
    </MemoryRouter>,
  );
  const label = [...container.querySelectorAll('dt')].find((term) => term.textContent === 'Contact');
  return label?.nextElementSibling as HTMLElement;
}

describe('the saved card’s actions', () => {
  it('opens the saved analysis in the calculator, named for screen readers by its address', () => {
    const { getByRole } = render(
      <MemoryRouter>
        <SavedPropertyCard property={property} onDelete={undefined} Exports={() => null} />
      </MemoryRouter>,
    );
    const open = getByRole('link', { name: 'Open in calculator 12 Oak St, Austin, TX' });
    expect(open.getAttribute('href')).toBe('/?saved=property-1');
  });
});

describe('the saved card’s contact', () => {
  it('joins what was given with a dot, the phone kept whole on one line', () => {
    const line = contactLine({ contactName: 'Ann Lee', contactEmail: 'ann@example.com', contactPhone: '512-555-0100' });
    expect(line.textContent).toBe('Ann Lee · ann@example.com · 512-555-0100');
    expect(line.querySelector('.saved-card-phone')?.textContent).toBe('512-555-0100');
  });

  it('has no dot before a phone that comes alone, nor after a name without one', () => {
    expect(contactLine({ contactName: '', contactEmail: '', contactPhone: '512-555-0100' }).textContent).toBe(
      '512-555-0100',
    );
    cleanup();
    expect(contactLine({ contactName: 'Ann Lee', contactEmail: '', contactPhone: '' }).textContent).toBe('Ann Lee');
  });
});
