import { Autocomplete, Stack, TextField } from '@mui/material';
import type { User } from '@oasis/schema';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../api/ApiProvider.tsx';
import { useDebouncedValue } from '../../../core/useDebouncedValue.ts';
import type { WidgetProps } from './widgetProps.ts';
import { isObject, type Json } from '../elnModel.ts';

/** Typing pauses this long before users are searched, and this many are offered (spec 3 §9). */
const SEARCH_DEBOUNCE_MS = 700;
const SUGGESTIONS = 5;

const userLabel = (user: Pick<User, 'name' | 'first_name' | 'last_name' | 'affiliation' | 'user_id'>) => {
  const name = user.name ?? ([user.first_name, user.last_name].filter(Boolean).join(' ') || user.user_id);
  return user.affiliation ? `${name} (${user.affiliation})` : name;
};

/** An author as NOMAD stores one: names and affiliation, with the user's id when it is a user. */
const authorOf = (user: User): Json => ({
  user_id: user.user_id,
  ...(user.first_name ? { first_name: user.first_name } : {}),
  ...(user.last_name ? { last_name: user.last_name } : {}),
  ...(user.affiliation ? { affiliation: user.affiliation } : {}),
});

/**
 * UserEditQuantity (the value is a user id) and AuthorEditQuantity (an author object): users are found
 * by the start of their name. An author picked from the users keeps its fields read-only (they are the
 * user's); without a user id its names and affiliation are typed.
 */
export function UserWidget({
  label,
  value,
  onChange,
  disabled,
  author = false,
}: WidgetProps & { author?: boolean }) {
  const api = useApi();
  const [input, setInput] = useState('');
  const prefix = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const found = useQuery({
    queryKey: ['users', 'find', prefix],
    enabled: prefix !== '' && !disabled,
    meta: { silent: true },
    queryFn: async () => (await api.call('usersFind', { query: { prefix } })).data.slice(0, SUGGESTIONS),
  });
  const userId = author ? (isObject(value) ? value.user_id : undefined) : value;
  const known = useQuery({
    queryKey: ['users', 'by-id', userId],
    enabled: typeof userId === 'string',
    meta: { silent: true },
    queryFn: async () =>
      (await api.call('usersFind', { query: { user_id: [String(userId)] } })).data[0] ?? null,
  });
  const current = known.data ?? null;
  const picker = (
    <Autocomplete<User>
      size="small"
      fullWidth
      disabled={disabled}
      options={found.data ?? []}
      filterOptions={(options) => options}
      getOptionLabel={userLabel}
      isOptionEqualToValue={(a, b) => a.user_id === b.user_id}
      value={current}
      inputValue={input || (current ? userLabel(current) : '')}
      onInputChange={(_, typed, reason) => {
        if (reason === 'input') setInput(typed);
      }}
      onChange={(_, chosen) => {
        setInput('');
        onChange(chosen ? (author ? authorOf(chosen) : chosen.user_id) : undefined);
      }}
      loading={found.isFetching}
      renderInput={(params) => <TextField {...params} label={label} placeholder="search a user by name" />}
    />
  );
  if (!author) return picker;
  const fields = isObject(value) ? value : {};
  const fromUser = typeof fields.user_id === 'string';
  const set = (key: string, text: string) => {
    const next = { ...fields, [key]: text };
    if (text === '') delete next[key];
    onChange(Object.keys(next).length > 0 ? next : undefined);
  };
  return (
    <Stack spacing={1}>
      {picker}
      <Stack direction="row" spacing={1}>
        {(['first_name', 'last_name', 'affiliation'] as const).map((key) => (
          <TextField
            key={key}
            size="small"
            label={`${label} ${key.replace('_', ' ')}`}
            value={typeof fields[key] === 'string' ? fields[key] : ''}
            disabled={disabled || fromUser}
            onChange={(event) => set(key, event.target.value)}
            fullWidth
          />
        ))}
      </Stack>
    </Stack>
  );
}
