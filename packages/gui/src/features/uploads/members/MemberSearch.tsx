import { Autocomplete, CircularProgress, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../api/ApiProvider.tsx';
import { useEnv } from '../../../core/EnvProvider.tsx';
import { useDebouncedValue } from '../../../core/useDebouncedValue.ts';
import { searchMembers } from '../../../api/uploads/memberLookups.ts';
import type { Member, MemberType } from '../../../api/uploads/members.ts';

/** Typing pauses this long before the server is asked (spec 3 §9). */
const SEARCH_DEBOUNCE_MS = 700;

export interface MemberSearchProps {
  members: readonly Member[];
  onAdd: (member: Member) => void;
}

const sameMember = (a: Member, b: Member) => a.type === b.type && a.id === b.id;
const optionLabel = (option: Member) =>
  option.affiliation ? `${option.name ?? option.id} (${option.affiliation})` : (option.name ?? option.id);

/** Finds users (and groups, where the deployment allows searching them) by name to add as members. */
export function MemberSearch({ members, onAdd }: MemberSearchProps) {
  const api = useApi();
  const { uploadMembersGroupSearchEnabled } = useEnv();
  const [type, setType] = useState<MemberType>('user');
  const [input, setInput] = useState('');
  const text = useDebouncedValue(input.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: ['uploads', 'member-search', type, text],
    queryFn: () => searchMembers(api, type, text),
    enabled: text !== '',
  });
  // Who is a member already is not offered again.
  const options = (search.data ?? []).filter(
    (option) => !members.some((member) => sameMember(member, option)),
  );

  return (
    <Stack direction="row" spacing={1} sx={{ my: 1 }}>
      {uploadMembersGroupSearchEnabled ? (
        <TextField
          select
          size="small"
          variant="filled"
          label="Type"
          value={type}
          onChange={(event) => setType(event.target.value as MemberType)}
          sx={{ width: '8em' }}
        >
          <MenuItem value="user">User</MenuItem>
          <MenuItem value="group">Group</MenuItem>
        </TextField>
      ) : null}
      <Autocomplete<Member>
        sx={{ flexGrow: 1 }}
        options={options}
        // The server has already chosen the matches.
        filterOptions={(items) => items}
        getOptionLabel={optionLabel}
        isOptionEqualToValue={sameMember}
        getOptionKey={(option) => `${option.type}:${option.id}`}
        value={null}
        inputValue={input}
        onInputChange={(_event, value, reason) => {
          if (reason !== 'reset') setInput(value);
        }}
        onChange={(_event, value) => {
          if (!value) return;
          onAdd(value);
          setInput('');
        }}
        loading={search.isFetching}
        blurOnSelect
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            variant="filled"
            label={`Search the name and select a ${type} from the list`}
            placeholder={type === 'group' ? "Group's name" : "User's name"}
            slotProps={{
              ...params.slotProps,
              input: {
                ...params.slotProps.input,
                endAdornment: search.isFetching ? (
                  <CircularProgress size={16} />
                ) : (
                  params.slotProps.input.endAdornment
                ),
              },
            }}
          />
        )}
      />
    </Stack>
  );
}
