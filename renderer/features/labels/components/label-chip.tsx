import Chip, { type ChipProps } from '@mui/material/Chip';
import type { LabelDto } from '../../../../shared/api/labels';

/** Black or white, whichever reads better on the label's colour (WCAG relative luminance). */
function textOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? '#000000' : '#FFFFFF';
}

/** A label in its colour; other chip props (onDelete in a picker) pass through. */
export function LabelChip({
  label,
  ...chipProps
}: { label: Pick<LabelDto, 'label' | 'color'> } & Omit<ChipProps, 'label'>) {
  return (
    <Chip
      size="small"
      {...chipProps}
      label={label.label}
      sx={{ bgcolor: label.color, color: textOn(label.color), maxWidth: 160 }}
    />
  );
}
