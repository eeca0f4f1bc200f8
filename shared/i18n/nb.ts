import type { Catalogue } from './catalogue';

/** Norwegian Bokmål (glossary/nb.md). */
export const nb: Catalogue = {
  'error.malformed': 'Forespørselen er feil utformet.',
  'error.forbidden': 'Ingen tilgang.',
  'error.notFound': 'Ikke funnet.',
  'error.methodNotAllowed': 'Metoden er ikke tillatt.',
  'error.tooLarge': 'Innholdet i forespørselen er for stort.',
  'error.unsupportedMediaType': 'Medietypen støttes ikke.',
  'error.notJson': 'Innholdet i forespørselen er ikke gyldig JSON.',
  'error.unsupportedEncoding': 'Innholdet i forespørselen har en koding som ikke støttes.',
  'error.unsupportedCharset': 'Innholdet i forespørselen har et tegnsett som ikke støttes.',
  'error.aborted': 'Forespørselen ble avbrutt.',
  'error.sizeMismatch': 'Innholdet i forespørselen er kortere eller lengre enn oppgitt.',
  'error.tooManyParameters': 'Forespørselen har for mange parametere.',
  'error.cannotAnswer': 'Forespørselen kan ikke besvares.',
  'error.internal': 'Noe gikk galt hos oss.',
  'error.noSuchEndpoint': 'Dette endepunktet finnes ikke.',
  'error.notAuthenticated': 'Påloggingsopplysninger ble ikke oppgitt.',
  'error.noPermission': 'Du har ikke tillatelse til å utføre denne handlingen.',
  'error.staffOnly': 'Bare leverandørens ansatte kan endre {fields}.',
  'error.invalidRequest': 'Ugyldig forespørsel',

  'input.nul': 'Teksten kan ikke inneholde NUL-tegn (\\u0000).',
  'input.control': 'Teksten må være én linje, uten linjeskift eller kontrolltegn.',
  'input.multilineControl':
    'Teksten kan ikke inneholde andre kontrolltegn enn linjeskift og tabulatorer.',
  'input.id': 'Forventet en id: et heltall fra 1 til {max}.',
  'input.numberAtLeast': 'Forventet et tall på minst {min}.',
  'input.numberRange': 'Forventet et tall fra {min} til {max}.',
  'input.wholeNumberRange': 'Forventet et heltall fra {min} til {max}.',
  'input.date': 'Forventet en dato som ÅÅÅÅ-MM-DD mellom årene {min} og {max}.',
  'input.instant': 'Forventet en ISO-dato eller et ISO-tidsstempel mellom årene {min} og {max}.',
  'input.timestamp':
    'Forventet et ISO 8601-tidsstempel med tidsforskyvning mellom årene {min} og {max}.',
  'input.timeZone': 'Ukjent tidssone: bruk et IANA-navn, for eksempel Europe/Oslo.',
  'input.positive': 'Forventet et tall større enn 0.',
  'input.invalidType': 'Ugyldig inndata: forventet {expected}, mottok {received}',
  'input.invalidOption': 'Ugyldig valg: forventet ett av {options}',
  'input.invalid': 'Ugyldig inndata',
  'input.unrecognizedKey': 'Ukjent nøkkel: {keys}',
  'input.unrecognizedKeys': 'Ukjente nøkler: {keys}',

  'dates.future': 'Datoer kan ikke være frem i tid.',
  'dates.toBeforeFrom': 'Til-dato kan ikke være før fra-dato.',

  'auth.badCredentials': 'Feil e-postadresse/brukernavn eller passord.',
  'auth.sessionExpired': 'Økten din er utløpt. Logg inn på nytt.',
  'auth.badResetLink': 'Denne lenken for tilbakestilling av passord er ugyldig eller utløpt.',
  'auth.badInvitation': 'Denne invitasjonslenken er ugyldig eller utløpt.',
  'auth.tokenInvalid': 'Tokenet er ugyldig eller utløpt.',
  'auth.wrongPassword': 'Det nåværende passordet ditt er feil.',
  'auth.tokenRefused': 'Dette tilgangstokenet er ugyldig, utløpt eller tilbakekalt.',
  'auth.tokenReadOnly':
    'Dette tilgangstokenet har lesetilgang: det kan bare lese (GET). Bruk et token med lese- og skrivetilgang for å gjøre endringer.',
  'auth.tokenNotForAccounts':
    'Tilgangstokener kan ikke administrere brukere, medlemskap, kontoer, pålogging eller tokener: logg inn med passordet ditt.',
  'auth.tokenExpiryPast': 'Utløpsdatoen må være frem i tid.',
  'mfa.badCode': 'Koden er ugyldig eller allerede brukt. Skriv inn en ny kode fra appen din.',
  'mfa.expired': 'Påloggingen tok for lang tid. Logg inn på nytt med passordet ditt.',
  'mfa.alreadyOn':
    'Tofaktorautentisering er allerede slått på. Slå den av først for å sette den opp på nytt.',
  'mfa.notStarted': 'Start oppsettet først: skann en ny QR-kode.',
  'mfa.notOn': 'Tofaktorautentisering er ikke slått på for denne kontoen.',
  'mfa.required':
    'Tofaktorautentisering er påkrevd for kontoen din og kan ikke slås av. Be VialQC-personalet om å tilbakestille den hvis du har mistet enheten din.',

  'user.notAuthorizedCreate': 'Du har ikke tillatelse til å opprette denne brukeren',
  'user.notAuthorizedUpdate': 'Du har ikke tillatelse til å oppdatere denne brukeren',
  'user.noSuchOrganization': 'En organisasjon finnes ikke.',
  'user.emailTaken': 'Det finnes allerede en bruker med denne e-postadressen.',
  'user.alreadyRegistered': 'Denne brukeren har allerede registrert seg.',
  'user.ownAccess': 'Du kan ikke tilbakekalle din egen tilgang.',
  'institute.noSuchOrganization': 'Organisasjonen finnes ikke.',

  'vial.notRegistered': 'Vialen er ikke registrert',
  'vial.retired': '{label} støttes ikke lenger og skal returneres til leverandøren.',
  'vial.otherOrganization': 'Denne vialen er registrert på en annen organisasjon.',
  'vial.labelTaken': 'Det finnes allerede en vial merket {label}.',
  'vial.uuidTaken': 'En annen vial er knyttet til denne UUID-en.',
  'vial.noDif': 'Det finnes ingen DIF-fil for denne vialen.',
  'record.runFileRequired': 'En kjøringsfil er påkrevd.',
  'record.notProcessed': 'Registreringen er ikke behandlet ennå.',
  'record.vialMismatch': 'Kjøringsfilen ble registrert av en annen vial enn den vial_uuid angir.',
  'record.noSuchRecord': 'Registreringen finnes ikke.',
  'line.noSuchLine': 'Linjen finnes ikke.',
  'line.archivedChosen': 'Arkiverte linjer kan ikke velges.',
  'line.archivedLocked': 'Linjen er arkivert og kan ikke endres.',
  'line.ofThisOrganization': 'Velg en linje i denne organisasjonen.',
  'label.noSuchLabel': 'Etiketten finnes ikke.',
  'label.taken': 'Det finnes allerede en etikett med dette navnet.',
  'comment.authorOnly': 'Kommentarer kan bare redigeres eller slettes av forfatteren.',
  'event.closed': 'Hendelsen er lukket.',
  'event.notOpen': 'Bare en åpen hendelse kan kvitteres.',

  'validation.nameTaken': 'Valideringsnavnet finnes allerede',
  'validation.completedNotEditable': 'Fullførte valideringer kan ikke redigeres.',
  'validation.alreadyCompleted': 'Valideringen er allerede fullført.',
  'validation.reportNeedsCompleted': 'Rapporter kan bare knyttes til fullførte valideringer.',
  'report.fileRequired': 'Et PDF- eller Word-dokument må legges ved.',

  'study.nameTaken': 'Det finnes allerede en studie med dette navnet.',
  'study.approvedUnchangeable': 'En godkjent studie kan ikke endres.',
  'study.approverIsAuthor': 'En studie godkjennes av en annen enn forfatteren.',
  'study.expectedBiasTooLarge': 'Forventet bias må være mindre enn grensen.',
  'study.noSuchEntry': 'Velg kliniske data fra denne organisasjonen.',
  'study.alreadyExcluded': 'Denne posten er allerede ekskludert for denne analytten.',

  'clinical.dateRequired': 'Datoen kan ikke være tom.',
  'clinical.lineDiffersFromRecord':
    'Linjen er forskjellig fra linjen til den koblede registreringen.',
  'clinical.csvRequired': 'En CSV-fil må legges ved.',
  'csv.unterminatedQuote': 'En verdi i anførselstegn er ikke avsluttet på denne linjen.',
  'csv.notANumber': '«{text}» er ikke et tall.',
  'csv.clinicalNoHeader':
    'Filen er tom: den trenger en overskriftslinje med date og en verdikolonne.',
  'csv.missingDate': 'Overskriftslinjen har ingen kolonne «date».',
  'csv.duplicateColumn': 'Overskriftslinjen har kolonnen «{column}» to ganger.',
  'csv.unknownLine': 'Denne organisasjonen har ingen linje med navnet «{name}».',
  'csv.ambiguousLine':
    'Denne organisasjonen har flere linjer med navnet «{name}»: gi en av dem nytt navn.',
  'csv.negative': '{column} kan ikke være negativ.',
  'csv.tooManyDecimals': '«{text}» har mer enn to desimaler.',
  'csv.tooLarge': '«{text}» er for stort.',
  'csv.noRows': 'Filen inneholder ingen poster.',
  'csv.unknownUnit': '«{unit}» er ikke en enhet for {column}: bruk U/L eller µkat/L.',
  'hemolysis.noMeasurements': 'Filen inneholder ingen målinger.',
  'hemolysis.feedSetFollowsMappings':
    'Et datasett fra laboratoriefeeden følger lokasjonstilordningene: endre en tilordning i stedet.',
  'hemolysis.feedMeasurementFromLab':
    'Resultater fra laboratoriefeeden korrigeres av laboratoriesystemet (OBX-11 = C).',

  'labFeed.writeDenied':
    'Bare en eier eller administrator i organisasjonen kan endre laboratoriefeeden.',
  'labFeed.guestsCannotSend': 'Gjester kan ikke sende resultater.',
  'labFeed.onlyRejected': 'Bare en avvist melding kan prøves på nytt.',
  'labFeed.locationTaken': 'Denne lokasjonskoden er allerede tilordnet.',
  'labFeed.codeTaken': 'Denne resultatkoden er allerede tilordnet.',
  'contract.organizationRequired': 'Organisasjon er påkrevd',
  'contract.endBeforeStart': 'Sluttdato kan ikke være før startdato',
  'contract.pdfOnly': 'Bare PDF-filer kan legges ved.',
  'contract.filesRequired': 'Legg ved minst én PDF-fil.',
  'benchmark.optInForbidden':
    'Bare en eier eller administrator i organisasjonen kan endre peer-benchmarking.',

  'number.ambiguous':
    '«{text}» er tvetydig: skriv tallet med {decimal} som desimaltegn og uten annen tegnsetting.',
};
