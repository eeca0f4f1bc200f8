import type { Catalogue } from './catalogue';

/** Dutch (glossary/nl.md). */
export const nl: Catalogue = {
  'error.malformed': 'Het verzoek is onjuist opgesteld.',
  'error.forbidden': 'Geen toegang.',
  'error.notFound': 'Niet gevonden.',
  'error.methodNotAllowed': 'Methode niet toegestaan.',
  'error.tooLarge': 'De inhoud van het verzoek is te groot.',
  'error.unsupportedMediaType': 'Mediatype wordt niet ondersteund.',
  'error.notJson': 'De inhoud van het verzoek is geen geldige JSON.',
  'error.unsupportedEncoding': 'De inhoud van het verzoek heeft een niet-ondersteunde codering.',
  'error.unsupportedCharset': 'De inhoud van het verzoek heeft een niet-ondersteunde tekenset.',
  'error.aborted': 'Het verzoek is afgebroken.',
  'error.sizeMismatch': 'De inhoud van het verzoek is korter of langer dan aangekondigd.',
  'error.tooManyParameters': 'Het verzoek heeft te veel parameters.',
  'error.cannotAnswer': 'Het verzoek kan niet worden beantwoord.',
  'error.internal': 'Er ging bij ons iets mis.',
  'error.noSuchEndpoint': 'Dit eindpunt bestaat niet.',
  'error.notAuthenticated': 'Er zijn geen aanmeldgegevens meegestuurd.',
  'error.noPermission': 'U hebt geen toestemming om deze actie uit te voeren.',
  'error.staffOnly': 'Alleen medewerkers van de leverancier kunnen {fields} wijzigen.',
  'error.invalidRequest': 'Ongeldig verzoek',

  'input.nul': 'Tekst mag geen NUL-tekens (\\u0000) bevatten.',
  'input.control': 'Tekst moet één regel zijn, zonder regeleinden of stuurtekens.',
  'input.multilineControl': 'Tekst mag geen andere stuurtekens bevatten dan regeleinden en tabs.',
  'input.id': 'Verwacht werd een id: een geheel getal van 1 tot en met {max}.',
  'input.numberAtLeast': 'Verwacht werd een getal van minimaal {min}.',
  'input.numberRange': 'Verwacht werd een getal van {min} tot en met {max}.',
  'input.wholeNumberRange': 'Verwacht werd een geheel getal van {min} tot en met {max}.',
  'input.date': 'Verwacht werd een datum als JJJJ-MM-DD tussen de jaren {min} en {max}.',
  'input.instant': 'Verwacht werd een ISO-datum of -tijdstempel tussen de jaren {min} en {max}.',
  'input.timestamp':
    'Verwacht werd een ISO 8601-tijdstempel met tijdverschil tussen de jaren {min} en {max}.',
  'input.timeZone': 'Onbekende tijdzone: gebruik een IANA-naam zoals Europe/Amsterdam.',
  'input.positive': 'Verwacht werd een getal groter dan 0.',
  'input.invalidType': 'Ongeldige invoer: verwacht {expected}, ontvangen {received}',
  'input.invalidOption': 'Ongeldige keuze: verwacht een van {options}',
  'input.invalid': 'Ongeldige invoer',
  'input.unrecognizedKey': 'Onbekende sleutel: {keys}',
  'input.unrecognizedKeys': 'Onbekende sleutels: {keys}',

  'dates.future': 'Datums kunnen niet in de toekomst liggen.',
  'dates.toBeforeFrom': 'De einddatum kan niet vóór de begindatum liggen.',

  'auth.badCredentials': 'Onjuist e-mailadres/gebruikersnaam of wachtwoord.',
  'auth.sessionExpired': 'Uw sessie is verlopen. Meld u opnieuw aan.',
  'auth.badResetLink': 'Deze link om het wachtwoord opnieuw in te stellen is ongeldig of verlopen.',
  'auth.badInvitation': 'Deze uitnodigingslink is ongeldig of verlopen.',
  'auth.tokenInvalid': 'Het token is ongeldig of verlopen.',
  'auth.wrongPassword': 'Uw huidige wachtwoord is onjuist.',
  'auth.tokenRefused': 'Dit toegangstoken is ongeldig, verlopen of ingetrokken.',
  'auth.tokenReadOnly':
    'Dit toegangstoken heeft leesrechten: het mag alleen lezen (GET). Gebruik een token met lees- en schrijfrechten om wijzigingen aan te brengen.',
  'auth.tokenNotForAccounts':
    'Toegangstokens kunnen geen gebruikers, lidmaatschappen, accounts, aanmeldingen of tokens beheren: meld u aan met uw wachtwoord.',
  'auth.tokenExpiryPast': 'De vervaldatum moet in de toekomst liggen.',
  'mfa.badCode': 'Deze code is ongeldig of al gebruikt. Voer een nieuwe code uit uw app in.',
  'mfa.expired': 'Uw aanmelding duurde te lang. Meld u opnieuw aan met uw wachtwoord.',
  'mfa.alreadyOn':
    'Tweestapsverificatie staat al aan. Zet deze eerst uit om haar opnieuw in te stellen.',
  'mfa.notStarted': 'Begin eerst met het instellen: scan een nieuwe QR-code.',
  'mfa.notOn': 'Tweestapsverificatie staat niet aan voor dit account.',
  'mfa.required':
    'Tweestapsverificatie is verplicht voor uw account en kan niet worden uitgezet. Vraag de VialQC-medewerkers om haar opnieuw in te stellen als u uw apparaat kwijt bent.',

  'user.notAuthorizedCreate': 'U bent niet bevoegd om deze gebruiker aan te maken',
  'user.notAuthorizedUpdate': 'U bent niet bevoegd om deze gebruiker bij te werken',
  'user.noSuchOrganization': 'Een organisatie bestaat niet.',
  'user.emailTaken': 'Er bestaat al een gebruiker met dit e-mailadres.',
  'user.alreadyRegistered': 'Deze gebruiker heeft zich al geregistreerd.',
  'user.ownAccess': 'U kunt uw eigen toegang niet intrekken.',
  'institute.noSuchOrganization': 'Deze organisatie bestaat niet.',

  'vial.notRegistered': 'Vial is niet geregistreerd',
  'vial.retired':
    '{label} wordt niet meer ondersteund en moet worden teruggestuurd naar de leverancier.',
  'vial.otherOrganization': 'Deze vial is geregistreerd bij een andere organisatie.',
  'vial.labelTaken': 'Er bestaat al een vial met het label {label}.',
  'vial.uuidTaken': 'Er is al een andere vial aan deze UUID gekoppeld.',
  'vial.noDif': 'Er is geen DIF-bestand beschikbaar voor deze vial.',
  'record.runFileRequired': 'Een runbestand is verplicht.',
  'record.notProcessed': 'De registratie is nog niet verwerkt.',
  'record.vialMismatch': 'Het runbestand is opgenomen door een andere vial dan vial_uuid noemt.',
  'record.noSuchRecord': 'Deze registratie bestaat niet.',
  'line.noSuchLine': 'Dit traject bestaat niet.',
  'line.archivedChosen': 'Gearchiveerde trajecten kunnen niet worden gekozen.',
  'line.archivedLocked': 'Het traject is gearchiveerd en kan niet worden gewijzigd.',
  'line.ofThisOrganization': 'Kies een traject van deze organisatie.',
  'label.noSuchLabel': 'Dit label bestaat niet.',
  'label.taken': 'Er bestaat al een label met deze naam.',
  'comment.authorOnly': 'Opmerkingen kunnen alleen door hun auteur worden bewerkt of verwijderd.',
  'event.closed': 'De gebeurtenis is gesloten.',
  'event.notOpen': 'Alleen een open gebeurtenis kan worden bevestigd.',

  'validation.nameTaken': 'De validatienaam bestaat al',
  'validation.completedNotEditable': 'Voltooide validaties kunnen niet worden bewerkt.',
  'validation.alreadyCompleted': 'De validatie is al voltooid.',
  'validation.reportNeedsCompleted':
    'Rapporten kunnen alleen aan voltooide validaties worden gekoppeld.',
  'report.fileRequired': 'Er moet een pdf- of Word-document worden bijgevoegd.',

  'study.nameTaken': 'Er bestaat al een studie met deze naam.',
  'study.approvedUnchangeable': 'Een goedgekeurde studie kan niet worden gewijzigd.',
  'study.approverIsAuthor': 'Een studie wordt goedgekeurd door iemand anders dan de auteur.',
  'study.expectedBiasTooLarge': 'De verwachte bias moet kleiner zijn dan de grenswaarde.',
  'study.noSuchEntry': 'Kies klinische gegevens van deze organisatie.',
  'study.alreadyExcluded': 'Deze invoer is al uitgesloten voor deze analyt.',

  'clinical.dateRequired': 'De datum mag niet leeg zijn.',
  'clinical.lineDiffersFromRecord':
    'Het traject wijkt af van het traject van de gekoppelde registratie.',
  'clinical.csvRequired': 'Er moet een CSV-bestand worden bijgevoegd.',
  'csv.unterminatedQuote':
    'Een waarde tussen aanhalingstekens wordt op deze regel niet afgesloten.',
  'csv.notANumber': '‘{text}’ is geen getal.',
  'csv.clinicalNoHeader':
    'Het bestand is leeg: het heeft een kopregel nodig met date en een waardekolom.',
  'csv.missingDate': 'De kopregel heeft geen kolom ‘date’.',
  'csv.duplicateColumn': 'De kopregel bevat de kolom ‘{column}’ twee keer.',
  'csv.unknownLine': 'Deze organisatie heeft geen traject met de naam ‘{name}’.',
  'csv.ambiguousLine':
    'Deze organisatie heeft meerdere trajecten met de naam ‘{name}’: geef er een een andere naam.',
  'csv.negative': '{column} kan niet negatief zijn.',
  'csv.tooManyDecimals': '‘{text}’ heeft meer dan twee decimalen.',
  'csv.tooLarge': '‘{text}’ is te groot.',
  'csv.noRows': 'Het bestand bevat geen invoer.',
  'csv.unknownUnit': '‘{unit}’ is geen eenheid van {column}: gebruik U/L of µkat/L.',
  'hemolysis.noMeasurements': 'Het bestand bevat geen metingen.',
  'hemolysis.feedSetFollowsMappings':
    'Een gegevensset van de labkoppeling volgt de locatietoewijzingen: wijzig in plaats daarvan een toewijzing.',
  'hemolysis.feedMeasurementFromLab':
    'Resultaten van de labkoppeling worden gecorrigeerd door het laboratoriumsysteem (OBX-11 = C).',

  'labFeed.writeDenied':
    'Alleen een eigenaar of beheerder van de organisatie kan de labkoppeling wijzigen.',
  'labFeed.guestsCannotSend': 'Gasten kunnen geen resultaten verzenden.',
  'labFeed.onlyRejected': 'Alleen een afgewezen bericht kan opnieuw worden verwerkt.',
  'labFeed.locationTaken': 'Deze locatiecode is al toegewezen.',
  'labFeed.codeTaken': 'Deze resultaatcode is al toegewezen.',
  'contract.organizationRequired': 'Organisatie is verplicht',
  'contract.endBeforeStart': 'De einddatum kan niet vóór de startdatum liggen',
  'contract.pdfOnly': 'Alleen pdf-bestanden kunnen worden bijgevoegd.',
  'contract.filesRequired': 'Voeg minstens één pdf-bestand bij.',
  'benchmark.optInForbidden':
    'Alleen een eigenaar of beheerder van de organisatie kan peerbenchmarking wijzigen.',

  'number.ambiguous':
    '‘{text}’ is dubbelzinnig: schrijf het getal met {decimal} als decimaalteken en zonder andere leestekens.',
};
