import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import {
  REVOKES_THEIR_ORGANIZATION_TOKENS,
  REVOKES_THEIR_TOKENS,
} from '../../../../shared/api/token-revocation';
import { INVITE_ROLES, userCreate, type User } from '../../../../shared/api/users';
import { FULL_LIST_SIZE } from '../../../../shared/domain/limits';
import { allows, mayGrant, type Role } from '../../../../shared/domain/roles';
import { FormTextField } from '../../../components/ui/form-text-field';
import { firstFieldError } from '../../../lib/form-errors';
import { useOrganizations } from '../../institutes';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import { formErrorToast, USER_TOASTS } from './user-toasts';

const roleLabel = (r: string) => r.charAt(0).toUpperCase() + r.slice(1);

const fields = userCreate.shape;
/** Section 5's rules; the e-mail only on create. */
const userForm = (create: boolean) =>
  z.object({
    email: create ? fields.email : z.string(),
    first_name: fields.first_name,
    last_name: fields.last_name,
    institutes: fields.institutes,
    default_institute: z
      .number({ error: 'Default Organization is required' })
      .nullable()
      .refine((v) => v !== null, 'Default Organization is required'),
    is_active: z.boolean(),
    role: z.enum(['owner', 'admin', 'member', 'guest', 'staff']),
    is_staff: z.boolean(),
  });
type Values = z.input<ReturnType<typeof userForm>>;

interface Props {
  /** The user to edit; undefined creates one. */
  user?: User;
  /** The signed-in user. */
  me: User;
}

/**
 * /users/create and /users/edit/{id}: e-mail (create only), names, organizations with a default
 * among them (cleared when removed), active (on by default), role (member by default) and, for
 * staff only, the staff flag. Staff return to /users, everyone else to /settings.
 */
export function UserForm({ user, me }: Props) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateUser();
  const update = useUpdateUser();
  /** The staff flag is granted by staff alone; staff also manage every user, themselves too. */
  const staff = allows(me.role, 'users:grant-staff');
  const self = user?.id === me.id;
  /** Role, organizations and active state: managers, on users other than themselves. */
  const managesMembership = staff || (allows(me.role, 'users:manage') && !self);
  const organizations = useOrganizations({
    page: 0,
    size: FULL_LIST_SIZE,
    search: '',
    excludeArchived: false,
  });
  const options = organizations.data?.items ?? [];
  const nameOf = (id: number) => options.find((i) => i.id === id)?.name ?? `#${id}`;

  const { control, handleSubmit, setValue, getValues, setError } = useForm<Values>({
    resolver: zodResolver(userForm(user === undefined)),
    defaultValues: {
      email: user?.email ?? '',
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      institutes: user?.institutes ?? [],
      default_institute: user?.default_institute ?? null,
      is_active: user?.is_active ?? true,
      role: user ? (user.role === 'staff' ? 'member' : user.role) : 'member',
      is_staff: user?.is_staff ?? false,
    },
  });
  const selected = useWatch({ control, name: 'institutes' });
  const active = useWatch({ control, name: 'is_active' });
  // Said before saving (README, "Access tokens for integrations"): deactivating a user, or
  // removing them from an organization, revokes their personal access tokens (of it).
  const deactivating = user !== undefined && user.is_active && !active;
  const removing =
    user !== undefined && user.institutes.some((id) => !(selected ?? []).includes(id));
  const leave = () => navigate(allows(me.role, 'users:list-all') ? '/users' : '/settings');

  const submit = handleSubmit(async (values) => {
    const membership = {
      institutes: values.institutes,
      default_institute: values.default_institute!,
      is_active: values.is_active,
      role: values.role as Role,
      ...(staff ? { is_staff: values.is_staff } : {}),
    };
    const names = { first_name: values.first_name, last_name: values.last_name };
    const action = user ? 'update' : 'create';
    try {
      if (user) {
        await update.mutateAsync({
          id: user.id,
          body: managesMembership ? { ...names, ...membership } : names,
        });
      } else {
        await create.mutateAsync({
          instituteId: membership.default_institute,
          body: { email: values.email, ...names, ...membership },
        });
      }
      enqueueSnackbar(USER_TOASTS[action].ok, { variant: 'success' });
      leave();
    } catch (error) {
      enqueueSnackbar(formErrorToast(action, error), { variant: 'error' });
      const field = firstFieldError(error);
      if (field && field.field in getValues())
        setError(field.field as keyof Values, { message: field.message });
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label={user ? 'Edit User' : 'Create User'}>
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        {user ? (
          <TextField label="Email" value={user.email} disabled />
        ) : (
          <FormTextField control={control} name="email" label="Email" required autoFocus />
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="first_name" label="First Name" required />
          <FormTextField control={control} name="last_name" label="Last Name" required />
        </Stack>
        <Controller
          control={control}
          name="institutes"
          render={({ field, fieldState }) => (
            <Autocomplete
              multiple
              disabled={!managesMembership}
              options={options.map((i) => i.id)}
              value={field.value}
              getOptionLabel={nameOf}
              onChange={(_e, ids) => {
                field.onChange(ids);
                // The default must be one of the organizations: cleared when removed.
                const current = getValues('default_institute');
                if (current !== null && !ids.includes(current))
                  setValue('default_institute', null, { shouldValidate: false });
              }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Organizations"
                  required
                  error={fieldState.error !== undefined}
                  helperText={fieldState.error?.message}
                />
              )}
            />
          )}
        />
        <FormTextField
          control={control}
          name="default_institute"
          label="Default Organization"
          select
          required
          disabled={!managesMembership}
        >
          {(selected ?? []).map((id) => (
            <MenuItem key={id} value={id}>
              {nameOf(id)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="role"
          label="Role"
          select
          disabled={!managesMembership}
        >
          {/* Only what the server would accept from this user (an admin is not offered Owner). */}
          {INVITE_ROLES.filter((r) => mayGrant(me.role, r)).map((r) => (
            <MenuItem key={r} value={r}>
              {roleLabel(r)}
            </MenuItem>
          ))}
        </FormTextField>
        <Controller
          control={control}
          name="is_active"
          render={({ field }) => (
            <FormControlLabel
              label="Active"
              disabled={!managesMembership}
              control={
                <Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
              }
            />
          )}
        />
        {(deactivating || removing) && (
          <Alert severity="warning">
            {deactivating
              ? `Saving deactivates ${user.email}. ${REVOKES_THEIR_TOKENS}`
              : `Saving removes ${user.email} from an organization. ${REVOKES_THEIR_ORGANIZATION_TOKENS}`}
          </Alert>
        )}
        {staff && (
          <Controller
            control={control}
            name="is_staff"
            render={({ field }) => (
              <FormControlLabel
                label="Staff"
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(e) => field.onChange(e.target.checked)}
                  />
                }
              />
            )}
          />
        )}
        <Stack direction="row" spacing={2}>
          <Button onClick={leave}>Cancel</Button>
          <Button type="submit" variant="contained" loading={create.isPending || update.isPending}>
            {user ? 'Save' : 'Create User'}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
