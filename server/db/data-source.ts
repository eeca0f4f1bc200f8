import { MonitoringEvent } from '../entities/monitoring-event';
import { MonitoringEventFiring } from '../entities/monitoring-event-firing';
import 'reflect-metadata';
import path from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { Analyzer } from '../entities/analyzer';
import { AuditEvent } from '../entities/audit-event';
import { AuthAttempt } from '../entities/auth-attempt';
import { OneTimeToken, RefreshToken } from '../entities/auth-token';
import { ClinicalData } from '../entities/clinical-data';
import { Comment } from '../entities/comment';
import { ComparisonStudy } from '../entities/comparison-study';
import { ComparisonStudyExclusion } from '../entities/comparison-study-exclusion';
import { Contract, ContractFile } from '../entities/contract';
import { HemolysisData, HemolysisMeasurement } from '../entities/hemolysis-data';
import { Institute } from '../entities/institute';
import { Label } from '../entities/label';
import {
  LabFeedCode,
  LabFeedDay,
  LabFeedKey,
  LabFeedLocation,
  LabFeedMessage,
  LabFeedResult,
} from '../entities/lab-feed';
import { LabFeedSettings } from '../entities/lab-feed-settings';
import { Line } from '../entities/line';
import { LineSequenceSummary } from '../entities/line-sequence-summary';
import {
  Notification,
  NotificationCause,
  NotificationSetting,
  UnsubscribeToken,
} from '../entities/notification';
import { PersonalAccessToken } from '../entities/personal-access-token';
import { RecoveryCode } from '../entities/recovery-code';
import { InstituteSso, SsoDomain, SsoLogin, SsoSession } from '../entities/sso';
import { Report } from '../entities/report';
import { TransitRecord } from '../entities/record';
import { RecordSeries } from '../entities/record-series';
import {
  InstituteGeneration,
  LineTally,
  RecordCounts,
  RecordDay,
} from '../entities/record-tallies';
import { User } from '../entities/user';
import { Validation } from '../entities/validation';
import { Vial } from '../entities/vial';
import { AuditContextSubscriber } from './audit-context';
import { SnakeNamingStrategy } from './naming-strategy';

export const ENTITIES = [
  Institute,
  User,
  RefreshToken,
  OneTimeToken,
  Vial,
  Label,
  Line,
  Validation,
  Analyzer,
  TransitRecord,
  Comment,
  Report,
  Contract,
  ContractFile,
  AuthAttempt,
  ClinicalData,
  HemolysisData,
  HemolysisMeasurement,
  RecordCounts,
  InstituteGeneration,
  RecordDay,
  LineTally,
  RecordSeries,
  MonitoringEvent,
  MonitoringEventFiring,
  LineSequenceSummary,
  Notification,
  NotificationSetting,
  NotificationCause,
  UnsubscribeToken,
  PersonalAccessToken,
  RecoveryCode,
  InstituteSso,
  SsoDomain,
  SsoLogin,
  SsoSession,
  AuditEvent,
  ComparisonStudy,
  ComparisonStudyExclusion,
  LabFeedKey,
  LabFeedMessage,
  LabFeedLocation,
  LabFeedCode,
  LabFeedResult,
  LabFeedDay,
  LabFeedSettings,
];

/** Migrations are compiled files in dist/ and TypeScript under Jest and tsx. */
const MIGRATIONS = [path.join(__dirname, 'migrations', '*.{ts,js}')];

/** `migrations`: the migration classes to run instead of all of them (a restore's older schema). */
export function createDataSource(
  url: string,
  migrations: DataSourceOptions['migrations'] = MIGRATIONS,
): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations,
    subscribers: [AuditContextSubscriber],
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsTransactionMode: 'each',
    extra: { max: 10 },
  });
}
