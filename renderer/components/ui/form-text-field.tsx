import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'error'> & {
  control: Control<T>;
  name: FieldPath<T>;
};

/** A labelled MUI text field bound to react-hook-form, showing the schema's message. */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: Props<T>) {
  const { field, fieldState } = useController({ control, name });
  const { ref, value, ...rest } = field;
  return (
    <TextField
      {...props}
      {...rest}
      value={value ?? ''}
      inputRef={ref}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
