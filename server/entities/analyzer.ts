import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Institute } from './institute';

/** The institute's analyzer and its hemolysis-index cut-offs (mg/dL) per analyte. */
@Entity('analyzers')
export class Analyzer {
  @PrimaryGeneratedColumn()
  id: number;

  @Index({ unique: true })
  @Column({ type: 'int' })
  instituteId: number;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'varchar', length: 80, nullable: true })
  make: string | null;

  @Column({ type: 'varchar', length: 80, nullable: true })
  model: string | null;

  @Column({ type: 'double precision' })
  ldhThreshold: number;

  @Column({ type: 'double precision' })
  asatThreshold: number;

  @Column({ type: 'double precision' })
  potassiumThreshold: number;
}
