import type { Catalogue } from './catalogue';

/** Swedish (glossary/sv.md). */
export const sv: Catalogue = {
  'error.malformed': 'Begäran är felaktigt utformad.',
  'error.forbidden': 'Åtkomst nekad.',
  'error.notFound': 'Hittades inte.',
  'error.methodNotAllowed': 'Metoden är inte tillåten.',
  'error.tooLarge': 'Begärans innehåll är för stort.',
  'error.unsupportedMediaType': 'Medietypen stöds inte.',
  'error.notJson': 'Begärans innehåll är inte giltig JSON.',
  'error.unsupportedEncoding': 'Begärans innehåll har en kodning som inte stöds.',
  'error.unsupportedCharset': 'Begärans innehåll har en teckenuppsättning som inte stöds.',
  'error.aborted': 'Begäran avbröts.',
  'error.sizeMismatch': 'Begärans innehåll är kortare eller längre än angivet.',
  'error.tooManyParameters': 'Begäran har för många parametrar.',
  'error.cannotAnswer': 'Begäran kan inte besvaras.',
  'error.internal': 'Något gick fel hos oss.',
  'error.noSuchEndpoint': 'Det finns ingen sådan slutpunkt.',
  'error.notAuthenticated': 'Inloggningsuppgifter saknas.',
  'error.noPermission': 'Du har inte behörighet att utföra den här åtgärden.',
  'error.staffOnly': 'Endast leverantörens personal kan ändra {fields}.',
  'error.invalidRequest': 'Ogiltig begäran',

  'input.nul': 'Texten får inte innehålla NUL-tecken (\\u0000).',
  'input.control': 'Texten måste vara en rad, utan radbrytningar eller styrtecken.',
  'input.multilineControl':
    'Texten får inte innehålla andra styrtecken än radbrytningar och tabbar.',
  'input.id': 'Ett id förväntades: ett heltal från 1 till {max}.',
  'input.numberAtLeast': 'Ett tal på minst {min} förväntades.',
  'input.numberRange': 'Ett tal från {min} till {max} förväntades.',
  'input.wholeNumberRange': 'Ett heltal från {min} till {max} förväntades.',
  'input.date': 'Ett datum i formatet ÅÅÅÅ-MM-DD mellan åren {min} och {max} förväntades.',
  'input.instant':
    'Ett ISO-datum eller en ISO-tidsstämpel mellan åren {min} och {max} förväntades.',
  'input.timestamp':
    'En ISO 8601-tidsstämpel med tidsförskjutning mellan åren {min} och {max} förväntades.',
  'input.timeZone': 'Okänd tidszon: använd ett IANA-namn, till exempel Europe/Stockholm.',
  'input.positive': 'Ett tal större än 0 förväntades.',
  'input.invalidType': 'Ogiltig inmatning: {expected} förväntades, {received} mottogs',
  'input.invalidOption': 'Ogiltigt val: ett av {options} förväntades',
  'input.invalid': 'Ogiltig inmatning',
  'input.unrecognizedKey': 'Okänd nyckel: {keys}',
  'input.unrecognizedKeys': 'Okända nycklar: {keys}',

  'dates.future': 'Datum kan inte ligga i framtiden.',
  'dates.toBeforeFrom': 'Till-datum kan inte vara före från-datum.',

  'auth.badCredentials': 'Fel e-postadress/användarnamn eller lösenord.',
  'auth.sessionExpired': 'Din session har gått ut. Logga in igen.',
  'auth.badResetLink': 'Länken för att återställa lösenordet är ogiltig eller har gått ut.',
  'auth.badInvitation': 'Inbjudningslänken är ogiltig eller har gått ut.',
  'auth.tokenInvalid': 'Token är ogiltig eller har gått ut.',
  'auth.wrongPassword': 'Ditt nuvarande lösenord är felaktigt.',
  'auth.tokenRefused': 'Åtkomsttoken är ogiltig, har gått ut eller har återkallats.',
  'auth.tokenReadOnly':
    'Åtkomsttoken har läsbehörighet: den får endast läsa (GET). Använd en token med läs- och skrivbehörighet för att göra ändringar.',
  'auth.tokenNotForAccounts':
    'Åtkomsttoken kan inte hantera användare, medlemskap, konton, inloggning eller token: logga in med ditt lösenord.',
  'auth.tokenExpiryPast': 'Utgångsdatumet måste ligga i framtiden.',
  'mfa.badCode': 'Koden är ogiltig eller har redan använts. Ange en ny kod från din app.',
  'mfa.expired': 'Inloggningen tog för lång tid. Logga in igen med ditt lösenord.',
  'mfa.alreadyOn':
    'Tvåfaktorsautentisering är redan aktiverad. Stäng av den först för att ställa in den igen.',
  'mfa.notStarted': 'Påbörja inställningen först: skanna en ny QR-kod.',
  'mfa.notOn': 'Tvåfaktorsautentisering är inte aktiverad för det här kontot.',
  'mfa.required':
    'Tvåfaktorsautentisering krävs för ditt konto och kan inte stängas av. Be VialQC-personalen att återställa den om du har tappat bort din enhet.',

  'user.notAuthorizedCreate': 'Du har inte behörighet att skapa den här användaren',
  'user.notAuthorizedUpdate': 'Du har inte behörighet att uppdatera den här användaren',
  'user.noSuchOrganization': 'En organisation finns inte.',
  'user.emailTaken': 'Det finns redan en användare med den här e-postadressen.',
  'user.alreadyRegistered': 'Den här användaren har redan registrerat sig.',
  'user.ownAccess': 'Du kan inte återkalla din egen åtkomst.',
  'institute.noSuchOrganization': 'Organisationen finns inte.',

  'vial.notRegistered': 'Vialen är inte registrerad',
  'vial.retired': '{label} stöds inte längre och ska returneras till leverantören.',
  'vial.otherOrganization': 'Den här vialen är registrerad på en annan organisation.',
  'vial.labelTaken': 'Det finns redan en vial märkt {label}.',
  'vial.uuidTaken': 'En annan vial är kopplad till detta UUID.',
  'vial.noDif': 'Det finns ingen DIF-fil för den här vialen.',
  'record.runFileRequired': 'En körningsfil krävs.',
  'record.notProcessed': 'Registreringen har inte bearbetats ännu.',
  'record.vialMismatch': 'Körningsfilen registrerades av en annan vial än den vial_uuid anger.',
  'record.noSuchRecord': 'Registreringen finns inte.',
  'line.noSuchLine': 'Linjen finns inte.',
  'line.archivedChosen': 'Arkiverade linjer kan inte väljas.',
  'line.archivedLocked': 'Linjen har arkiverats och kan inte ändras.',
  'line.ofThisOrganization': 'Välj en linje i den här organisationen.',
  'label.noSuchLabel': 'Etiketten finns inte.',
  'label.taken': 'Det finns redan en etikett med det här namnet.',
  'comment.authorOnly': 'Kommentarer kan endast redigeras eller tas bort av sin författare.',
  'event.closed': 'Händelsen är stängd.',
  'event.notOpen': 'Endast en öppen händelse kan kvitteras.',

  'validation.nameTaken': 'Valideringsnamnet finns redan',
  'validation.completedNotEditable': 'Slutförda valideringar kan inte redigeras.',
  'validation.alreadyCompleted': 'Valideringen är redan slutförd.',
  'validation.reportNeedsCompleted': 'Rapporter kan endast kopplas till slutförda valideringar.',
  'report.fileRequired': 'Ett PDF- eller Word-dokument måste bifogas.',

  'study.nameTaken': 'Det finns redan en studie med det här namnet.',
  'study.approvedUnchangeable': 'En godkänd studie kan inte ändras.',
  'study.approverIsAuthor': 'En studie godkänns av någon annan än dess författare.',
  'study.expectedBiasTooLarge': 'Förväntad bias måste vara mindre än gränsen.',
  'study.noSuchEntry': 'Välj kliniska data från den här organisationen.',
  'study.alreadyExcluded': 'Den här posten är redan exkluderad för den här analyten.',

  'clinical.dateRequired': 'Datum får inte vara tomt.',
  'clinical.lineDiffersFromRecord':
    'Linjen skiljer sig från linjen för den länkade registreringen.',
  'clinical.csvRequired': 'En CSV-fil måste bifogas.',
  'csv.unterminatedQuote': 'Ett citerat värde avslutas inte på den här raden.',
  'csv.notANumber': '”{text}” är inte ett tal.',
  'csv.clinicalNoHeader': 'Filen är tom: den behöver en rubrikrad med date och en värdekolumn.',
  'csv.missingDate': 'Rubrikraden saknar kolumnen ”date”.',
  'csv.duplicateColumn': 'Rubrikraden har kolumnen ”{column}” två gånger.',
  'csv.unknownLine': 'Den här organisationen har ingen linje med namnet ”{name}”.',
  'csv.ambiguousLine':
    'Den här organisationen har flera linjer med namnet ”{name}”: byt namn på en av dem.',
  'csv.negative': '{column} kan inte vara negativ.',
  'csv.tooManyDecimals': '”{text}” har fler än två decimaler.',
  'csv.tooLarge': '”{text}” är för stort.',
  'csv.noRows': 'Filen innehåller inga poster.',
  'csv.unknownUnit': '”{unit}” är inte en enhet för {column}: använd U/L eller µkat/L.',
  'hemolysis.noMeasurements': 'Filen innehåller inga mätningar.',
  'hemolysis.feedSetFollowsMappings':
    'En datamängd från labbflödet följer platsmappningarna: ändra en mappning i stället.',
  'hemolysis.feedMeasurementFromLab':
    'Resultat från labbflödet korrigeras av laboratoriesystemet (OBX-11 = C).',

  'labFeed.writeDenied':
    'Endast en ägare eller administratör i organisationen kan ändra labbflödet.',
  'labFeed.guestsCannotSend': 'Gäster kan inte skicka resultat.',
  'labFeed.onlyRejected': 'Endast ett avvisat meddelande kan skickas på nytt.',
  'labFeed.locationTaken': 'Den här platskoden är redan mappad.',
  'labFeed.codeTaken': 'Den här resultatkoden är redan mappad.',
  'contract.organizationRequired': 'Organisation krävs',
  'contract.endBeforeStart': 'Slutdatum kan inte vara före startdatum',
  'contract.pdfOnly': 'Endast PDF-filer kan bifogas.',
  'contract.filesRequired': 'Bifoga minst en PDF-fil.',
  'benchmark.optInForbidden':
    'Endast en ägare eller administratör i organisationen kan ändra peer-benchmarking.',

  'number.ambiguous':
    '”{text}” är tvetydigt: skriv talet med {decimal} som decimaltecken och utan andra skiljetecken.',
};
