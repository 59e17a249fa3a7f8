import { Delete, Group, Person } from '@mui/icons-material';
import {
  IconButton,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { ROLES, SELECTABLE_ROLES, type Member, type Role } from '../../../api/uploads/members.ts';

export interface MembersTableProps {
  members: readonly Member[];
  onRoleChange: (member: Member, role: Role) => void;
  onRemove: (member: Member) => void;
}

function MemberName({ member }: { member: Member }) {
  if (member.error === 'missing') {
    return (
      <Tooltip title={`ID: ${member.id}`}>
        <Typography variant="body2" color="error">
          Error: {member.type} was deleted
        </Typography>
      </Tooltip>
    );
  }
  return <>{member.name}</>;
}

const labelOf = (member: Member) => member.name ?? member.id;

/** The members with their roles; the main author's row can be neither changed nor removed. */
export function MembersTable({ members, onRoleChange, onRemove }: MembersTableProps) {
  return (
    <Table size="small" aria-label="members">
      <TableHead>
        <TableRow>
          <TableCell />
          <TableCell>Name</TableCell>
          <TableCell>Affiliation</TableCell>
          <TableCell>Role</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {members.map((member) => {
          const isMainAuthor = member.role === ROLES.mainAuthor;
          return (
            <TableRow key={`${member.type}:${member.id}`}>
              <TableCell align="right">
                {member.type === 'user' ? <Person titleAccess="user" /> : <Group titleAccess="group" />}
              </TableCell>
              <TableCell>
                <MemberName member={member} />
              </TableCell>
              <TableCell>{member.affiliation}</TableCell>
              <TableCell>
                {isMainAuthor ? (
                  member.role
                ) : (
                  <Select
                    size="small"
                    variant="standard"
                    value={member.role}
                    inputProps={{ 'aria-label': `Role of ${labelOf(member)}` }}
                    onChange={(event) => onRoleChange(member, event.target.value)}
                  >
                    {SELECTABLE_ROLES.map((role) => (
                      <MenuItem key={role} value={role}>
                        {role}
                      </MenuItem>
                    ))}
                  </Select>
                )}
              </TableCell>
              <TableCell align="right">
                <Tooltip title={isMainAuthor ? 'The main author cannot be removed' : 'Remove the member'}>
                  <span>
                    <IconButton
                      aria-label={`Remove ${labelOf(member)}`}
                      disabled={isMainAuthor}
                      onClick={() => onRemove(member)}
                    >
                      <Delete />
                    </IconButton>
                  </span>
                </Tooltip>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
