// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { SelectField } from './select-field';
import { TextAreaField } from './text-area-field';
import { TextField } from './text-field';
import { useSchemaForm, type SchemaFormOptions } from './use-schema-form';

const ContactSchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address')),
  phones: z.array(z.string().regex(/^\d{3}-\d{4}$/, 'Phone must look like 555-1234')),
});

const blank = { name: '', email: '', phones: [''] };
const dashed = (typed: string) => typed.replace(/^(\d{3})(\d)/, '$1-$2');

function ContactForm({
  onValid,
  options,
}: {
  onValid: (contact: z.output<typeof ContactSchema>) => void | Promise<unknown>;
  options?: SchemaFormOptions;
}) {
  const form = useSchemaForm(ContactSchema, blank, options);
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} aria-busy={form.submitting}>
      <TextField id="name" label="Name" {...form.field('name')} />
      <TextField id="email" label="Email" {...form.field('email')} />
      {form.values.phones.map((_phone, index) => (
        <TextField
          key={index}
          id={`phone-${index}`}
          label={`Phone ${index + 1}`}
          {...form.field(`phones.${index}`, dashed)}
        />
      ))}
      <button type="button" onClick={() => form.setValues((values) => ({ ...values, phones: [...values.phones, ''] }))}>
        Add phone
      </button>
      <button type="button" onClick={() => form.showError('email', 'This e-mail is taken')}>
        Server refusal
      </button>
      <button type="button" onClick={() => form.reset()}>
        Reset
      </button>
      <button type="submit" disabled={form.submitting}>
        {form.submitting ? 'Saving...' : 'Save'}
      </button>
      <output>{form.valid ? 'valid' : 'invalid'}</output>
    </form>
  );
}

const errorOf = (label: string) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

afterEach(cleanup);

describe('useSchemaForm, messages after blur (default)', () => {
  it('shows a field’s message once it is left, and follows the typing from then on', async () => {
    render(<ContactForm onValid={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Email'), 'ann');
    expect(errorOf('Email')).toBeUndefined();
    await userEvent.tab();
    expect(errorOf('Email')).toBe('Please enter a valid email address');
    expect(errorOf('Name')).toBeUndefined();
    await userEvent.type(screen.getByLabelText('Email'), '@example.com');
    expect(errorOf('Email')).toBeUndefined();
  });

  it('shows no message while a field is left for the submit button, so the button stays where it was pressed', async () => {
    render(<ContactForm onValid={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Email'), 'ann');
    const save = screen.getByRole('button', { name: 'Save' });
    // What a press does first: the field loses the focus to the button.
    act(() => save.focus());
    expect(errorOf('Email')).toBeUndefined();
    // Leaving it for anything else shows its message.
    await userEvent.click(screen.getByLabelText('Email'));
    act(() => screen.getByRole('button', { name: 'Add phone' }).focus());
    expect(errorOf('Email')).toBe('Please enter a valid email address');
  });

  it('on a refused submit shows every message and focuses the first field in error', async () => {
    const onValid = vi.fn();
    render(<ContactForm onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).not.toHaveBeenCalled();
    expect(errorOf('Name')).toBeUndefined();
    expect(errorOf('Email')).toBe('Please enter a valid email address');
    expect(errorOf('Phone 1')).toBe('Phone must look like 555-1234');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('hands the parsed values to onValid, with list entries and formatted typing', async () => {
    const onValid = vi.fn();
    render(<ContactForm onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Name'), ' Ann ');
    await userEvent.type(screen.getByLabelText('Email'), 'Ann@Example.com');
    await userEvent.type(screen.getByLabelText('Phone 1'), '5551234');
    expect((screen.getByLabelText('Phone 1') as HTMLInputElement).value).toBe('555-1234');
    await userEvent.click(screen.getByRole('button', { name: 'Add phone' }));
    expect(screen.getByRole('status').textContent).toBe('invalid');
    await userEvent.type(screen.getByLabelText('Phone 2'), '5559876');
    expect(screen.getByRole('status').textContent).toBe('valid');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Ann', email: 'ann@example.com', phones: ['555-1234', '555-9876'] });
  });

  it('reset returns to the initial values with no message showing', async () => {
    render(<ContactForm onValid={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf('Email')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(errorOf('Email')).toBeUndefined();
  });
});

describe('useSchemaForm, messages at submit', () => {
  it('shows the messages as they were at the last submit, not while typing', async () => {
    render(<ContactForm onValid={vi.fn()} options={{ showErrors: 'submit' }} />);
    await userEvent.type(screen.getByLabelText('Email'), 'ann');
    await userEvent.tab();
    expect(errorOf('Email')).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf('Name')).toBe('Name is required');
    expect(errorOf('Email')).toBe('Please enter a valid email address');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Email'), '@example.com');
    expect(errorOf('Email')).toBe('Please enter a valid email address');
  });

  it('shows a message the server gave and focuses its field', async () => {
    render(<ContactForm onValid={vi.fn()} options={{ showErrors: 'submit' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Server refusal' }));
    expect(errorOf('Email')).toBe('This e-mail is taken');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('is submitting while onValid’s promise runs, and clears the messages of a valid submit', async () => {
    let finish = () => {};
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<ContactForm onValid={onValid} options={{ showErrors: 'submit' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf('Name')).toBe('Name is required');
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Phone 1'), '5551234');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf('Name')).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Saving...' }).hasAttribute('disabled')).toBe(true);
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);
  });

  it('keeps what was typed into a server-drawn form before it hydrated', async () => {
    const onValid = vi.fn();
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<ContactForm onValid={onValid} />);
    (container.querySelector('#name') as HTMLInputElement).value = 'Ann';
    (container.querySelector('#email') as HTMLInputElement).value = 'ann@example.com';
    const root = await act(async () => hydrateRoot(container, <ContactForm onValid={onValid} />));
    await userEvent.type(screen.getByLabelText('Phone 1'), '5551234');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Ann', email: 'ann@example.com', phones: ['555-1234'] });
    act(() => root.unmount());
    container.remove();
  });

  it('keeps a choice and a note made in a server-drawn form before it hydrated', async () => {
    const NoteSchema = z.object({ kind: z.enum(['call', 'text']), note: z.string().min(1) });
    const onValid = vi.fn();
    function NoteForm() {
      const form = useSchemaForm(NoteSchema, { kind: '', note: '' });
      return (
        <form noValidate onSubmit={form.handleSubmit(onValid)}>
          <SelectField
            id="kind"
            label="Kind"
            placeholder="Choose"
            options={[
              { value: 'call', label: 'Call' },
              { value: 'text', label: 'Text' },
            ]}
            {...form.field('kind')}
          />
          <TextAreaField id="note" label="Note" {...form.field('note')} />
          <button type="submit">Save</button>
        </form>
      );
    }
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<NoteForm />);
    (container.querySelector('#kind') as HTMLSelectElement).value = 'text';
    (container.querySelector('#note') as HTMLTextAreaElement).value = 'After six';
    const root = await act(async () => hydrateRoot(container, <NoteForm />));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ kind: 'text', note: 'After six' });
    act(() => root.unmount());
    container.remove();
  });
});
