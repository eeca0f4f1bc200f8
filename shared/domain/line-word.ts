import type { MetadataType } from '../api/institutes';

/** A courier institute's lines are routes (monitoring.md section 1): the one place that decides. */
export interface LineWord {
  /** 'Line' or 'Route' */
  singular: string;
  /** 'Lines' or 'Routes' */
  plural: string;
  /** 'line' or 'route' */
  lower: string;
  /** 'lines' or 'routes' */
  lowerPlural: string;
}

/** The only place that decides the word: courier institutes have routes, not lines. */
export function lineWord(metadataType: MetadataType | undefined): LineWord {
  const singular = metadataType === 'courier' ? 'Route' : 'Line';
  return {
    singular,
    plural: `${singular}s`,
    lower: singular.toLowerCase(),
    lowerPlural: `${singular.toLowerCase()}s`,
  };
}
