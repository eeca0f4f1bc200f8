import type { MetadataType } from '../../../../shared/api/institutes';
import { useSelectedInstitute } from './use-selected-institute';

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

/** The only place that decides the word: courier organizations have routes, not lines. */
export function lineWord(metadataType: MetadataType | undefined): LineWord {
  const singular = metadataType === 'courier' ? 'Route' : 'Line';
  return {
    singular,
    plural: `${singular}s`,
    lower: singular.toLowerCase(),
    lowerPlural: `${singular.toLowerCase()}s`,
  };
}

/** The word for a line in the selected organization. */
export function useLineWord(): LineWord {
  const { data: institute } = useSelectedInstitute();
  return lineWord(institute?.metadata_type);
}
