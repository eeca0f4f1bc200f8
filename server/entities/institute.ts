import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { FeatureFlags } from '../../shared/domain/feature-flags';
import type { MetadataType } from '../../shared/api/institutes';

@Entity('institutes')
export class Institute {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  @Column({ type: 'varchar', length: 80, nullable: true })
  partnerId: string | null;

  @Column({ type: 'varchar', length: 16, default: 'pts' })
  metadataType: MetadataType;

  @Column({ type: 'varchar', length: 32, default: 'none' })
  relationship: string;

  @Column({ type: 'varchar', length: 16, default: 'none' })
  subscription: string;

  @Column({ type: 'int', nullable: true })
  totalLines: number | null;

  /** null: the institute uses the default flags. */
  @Column({ type: 'jsonb', nullable: true })
  featureFlags: Partial<FeatureFlags> | null;

  @Column({ type: 'date', nullable: true })
  customerSince: string | null;

  @Column({ type: 'boolean', default: false })
  archived: boolean;

  /** IANA zone the institute's days are counted in (activity calendar, daily figures). */
  @Column({ type: 'varchar', length: 64, default: 'UTC' })
  timezone: string;

  /**
   * Days without an upload after which an active vial is reported silent (line-monitoring.md §4);
   * null: not watched.
   */
  @Column({ type: 'int', nullable: true, default: 14 })
  vialSilentDays: number | null;

  /** Its password users must sign in with a second factor (owners and staff switch it on). */
  @Column({ type: 'boolean', default: false })
  mfaRequired: boolean;

  /** It takes part in peer benchmarking (peer-benchmarking.md section 1); audited. */
  @Column({ type: 'boolean', default: false })
  benchmarkingOptIn: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
