import type { Catalogue } from './catalogue';

/** German (glossary/de.md). */
export const de: Catalogue = {
  'error.malformed': 'Die Anfrage ist fehlerhaft.',
  'error.forbidden': 'Zugriff verweigert.',
  'error.notFound': 'Nicht gefunden.',
  'error.methodNotAllowed': 'Methode nicht erlaubt.',
  'error.tooLarge': 'Der Inhalt der Anfrage ist zu groß.',
  'error.unsupportedMediaType': 'Nicht unterstützter Medientyp.',
  'error.notJson': 'Der Inhalt der Anfrage ist kein gültiges JSON.',
  'error.unsupportedEncoding': 'Der Inhalt der Anfrage hat eine nicht unterstützte Kodierung.',
  'error.unsupportedCharset': 'Der Inhalt der Anfrage hat einen nicht unterstützten Zeichensatz.',
  'error.aborted': 'Die Anfrage wurde abgebrochen.',
  'error.sizeMismatch': 'Der Inhalt der Anfrage ist kürzer oder länger als angekündigt.',
  'error.tooManyParameters': 'Die Anfrage hat zu viele Parameter.',
  'error.cannotAnswer': 'Die Anfrage kann nicht beantwortet werden.',
  'error.internal': 'Bei uns ist ein Fehler aufgetreten.',
  'error.noSuchEndpoint': 'Diesen Endpunkt gibt es nicht.',
  'error.notAuthenticated': 'Es wurden keine Anmeldedaten übermittelt.',
  'error.noPermission': 'Sie sind nicht berechtigt, diese Aktion auszuführen.',
  'error.staffOnly': 'Nur die Mitarbeitenden des Anbieters können {fields} ändern.',
  'error.invalidRequest': 'Ungültige Anfrage',

  'input.nul': 'Der Text darf keine NUL-Zeichen (\\u0000) enthalten.',
  'input.control': 'Der Text muss einzeilig sein, ohne Zeilenumbrüche oder Steuerzeichen.',
  'input.multilineControl':
    'Der Text darf außer Zeilenumbrüchen und Tabulatoren keine Steuerzeichen enthalten.',
  'input.id': 'Erwartet wird eine ID: eine ganze Zahl von 1 bis {max}.',
  'input.numberAtLeast': 'Erwartet wird eine Zahl von mindestens {min}.',
  'input.numberRange': 'Erwartet wird eine Zahl von {min} bis {max}.',
  'input.wholeNumberRange': 'Erwartet wird eine ganze Zahl von {min} bis {max}.',
  'input.date': 'Erwartet wird ein Datum als JJJJ-MM-TT zwischen den Jahren {min} und {max}.',
  'input.instant':
    'Erwartet wird ein ISO-Datum oder ein ISO-Zeitstempel zwischen den Jahren {min} und {max}.',
  'input.timestamp':
    'Erwartet wird ein ISO-8601-Zeitstempel mit Zeitversatz zwischen den Jahren {min} und {max}.',
  'input.timeZone': 'Unbekannte Zeitzone: Verwenden Sie einen IANA-Namen wie Europe/Berlin.',
  'input.positive': 'Erwartet wird eine Zahl größer als 0.',
  'input.invalidType': 'Ungültige Eingabe: erwartet {expected}, erhalten {received}',
  'input.invalidOption': 'Ungültige Option: erwartet wird eine von {options}',
  'input.invalid': 'Ungültige Eingabe',
  'input.unrecognizedKey': 'Unbekannter Schlüssel: {keys}',
  'input.unrecognizedKeys': 'Unbekannte Schlüssel: {keys}',

  'dates.future': 'Datumsangaben dürfen nicht in der Zukunft liegen.',
  'dates.toBeforeFrom': 'Das Bis-Datum darf nicht vor dem Von-Datum liegen.',

  'auth.badCredentials': 'E-Mail-Adresse/Benutzername oder Passwort ist falsch.',
  'auth.sessionExpired': 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  'auth.badResetLink': 'Dieser Link zum Zurücksetzen des Passworts ist ungültig oder abgelaufen.',
  'auth.badInvitation': 'Dieser Einladungslink ist ungültig oder abgelaufen.',
  'auth.tokenInvalid': 'Das Token ist ungültig oder abgelaufen.',
  'auth.wrongPassword': 'Ihr aktuelles Passwort ist falsch.',
  'auth.tokenRefused': 'Dieses Zugriffstoken ist ungültig, abgelaufen oder widerrufen.',
  'auth.tokenReadOnly':
    'Dieses Zugriffstoken hat nur Leserechte: Es darf nur lesen (GET). Verwenden Sie für Änderungen ein Token mit Lese- und Schreibrechten.',
  'auth.tokenNotForAccounts':
    'Zugriffstokens können keine Benutzer, Mitgliedschaften, Konten, Anmeldungen oder Tokens verwalten: Melden Sie sich mit Ihrem Passwort an.',
  'auth.tokenExpiryPast': 'Das Ablaufdatum muss in der Zukunft liegen.',
  'mfa.badCode':
    'Dieser Code ist ungültig oder wurde bereits verwendet. Geben Sie einen neuen Code aus Ihrer App ein.',
  'mfa.expired':
    'Ihre Anmeldung hat zu lange gedauert. Bitte melden Sie sich erneut mit Ihrem Passwort an.',
  'mfa.alreadyOn':
    'Die Zwei-Faktor-Authentifizierung ist bereits aktiviert. Deaktivieren Sie sie zuerst, um sie neu einzurichten.',
  'mfa.notStarted': 'Beginnen Sie zuerst mit der Einrichtung: Scannen Sie einen neuen QR-Code.',
  'mfa.notOn': 'Die Zwei-Faktor-Authentifizierung ist für dieses Konto nicht aktiviert.',
  'mfa.required':
    'Die Zwei-Faktor-Authentifizierung ist für Ihr Konto vorgeschrieben und kann nicht deaktiviert werden. Bitten Sie die VialQC-Mitarbeitenden, sie zurückzusetzen, wenn Sie Ihr Gerät verloren haben.',

  'user.notAuthorizedCreate': 'Sie sind nicht berechtigt, diesen Benutzer anzulegen',
  'user.notAuthorizedUpdate': 'Sie sind nicht berechtigt, diesen Benutzer zu ändern',
  'user.noSuchOrganization': 'Eine Organisation existiert nicht.',
  'user.emailTaken': 'Es gibt bereits einen Benutzer mit dieser E-Mail-Adresse.',
  'user.alreadyRegistered': 'Dieser Benutzer hat sich bereits registriert.',
  'user.ownAccess': 'Sie können Ihren eigenen Zugriff nicht widerrufen.',
  'institute.noSuchOrganization': 'Diese Organisation gibt es nicht.',

  'vial.notRegistered': 'Das Vial ist nicht registriert',
  'vial.retired':
    '{label} wird nicht mehr unterstützt und sollte an den Anbieter zurückgegeben werden.',
  'vial.otherOrganization': 'Dieses Vial ist für eine andere Organisation registriert.',
  'vial.labelTaken': 'Ein Vial mit der Kennzeichnung {label} existiert bereits.',
  'vial.uuidTaken': 'Ein anderes Vial ist an diese UUID gebunden.',
  'vial.noDif': 'Für dieses Vial ist keine DIF-Datei vorhanden.',
  'record.runFileRequired': 'Eine Laufdatei ist erforderlich.',
  'record.notProcessed': 'Die Aufzeichnung wurde noch nicht verarbeitet.',
  'record.vialMismatch':
    'Die Laufdatei wurde von einem anderen Vial aufgezeichnet als dem, das vial_uuid nennt.',
  'record.noSuchRecord': 'Diese Aufzeichnung gibt es nicht.',
  'line.noSuchLine': 'Diese Strecke gibt es nicht.',
  'line.archivedChosen': 'Archivierte Strecken können nicht ausgewählt werden.',
  'line.archivedLocked': 'Die Strecke wurde archiviert und kann nicht geändert werden.',
  'line.ofThisOrganization': 'Wählen Sie eine Strecke dieser Organisation.',
  'label.noSuchLabel': 'Dieses Etikett gibt es nicht.',
  'label.taken': 'Es gibt bereits ein Etikett mit diesem Namen.',
  'comment.authorOnly':
    'Kommentare können nur von ihrem Verfasser bearbeitet oder gelöscht werden.',
  'event.closed': 'Das Ereignis ist geschlossen.',
  'event.notOpen': 'Nur ein offenes Ereignis kann bestätigt werden.',

  'validation.nameTaken': 'Der Validierungsname existiert bereits',
  'validation.completedNotEditable': 'Abgeschlossene Validierungen können nicht bearbeitet werden.',
  'validation.alreadyCompleted': 'Die Validierung ist bereits abgeschlossen.',
  'validation.reportNeedsCompleted':
    'Berichte können nur mit abgeschlossenen Validierungen verknüpft werden.',
  'report.fileRequired': 'Ein PDF- oder Word-Dokument muss angehängt werden.',

  'study.nameTaken': 'Es gibt bereits eine Studie mit diesem Namen.',
  'study.approvedUnchangeable': 'Eine freigegebene Studie kann nicht geändert werden.',
  'study.approverIsAuthor':
    'Eine Studie wird von einer anderen Person als ihrem Verfasser freigegeben.',
  'study.expectedBiasTooLarge': 'Der erwartete Bias muss kleiner als die Grenze sein.',
  'study.noSuchEntry': 'Wählen Sie klinische Daten dieser Organisation.',
  'study.alreadyExcluded': 'Dieser Eintrag ist für diesen Analyten bereits ausgeschlossen.',

  'clinical.dateRequired': 'Das Datum darf nicht leer sein.',
  'clinical.lineDiffersFromRecord':
    'Die Strecke unterscheidet sich von der Strecke der verknüpften Aufzeichnung.',
  'clinical.csvRequired': 'Eine CSV-Datei muss angehängt werden.',
  'csv.unterminatedQuote': 'Ein Wert in Anführungszeichen wird in dieser Zeile nicht geschlossen.',
  'csv.notANumber': '„{text}“ ist keine Zahl.',
  'csv.clinicalNoHeader':
    'Die Datei ist leer: Sie braucht eine Kopfzeile mit date und einer Wertespalte.',
  'csv.missingDate': 'Die Kopfzeile hat keine Spalte „date“.',
  'csv.duplicateColumn': 'Die Kopfzeile enthält die Spalte „{column}“ zweimal.',
  'csv.unknownLine': 'Diese Organisation hat keine Strecke mit dem Namen „{name}“.',
  'csv.ambiguousLine':
    'Diese Organisation hat mehrere Strecken mit dem Namen „{name}“: Benennen Sie eine davon um.',
  'csv.negative': '{column} darf nicht negativ sein.',
  'csv.tooManyDecimals': '„{text}“ hat mehr als zwei Nachkommastellen.',
  'csv.tooLarge': '„{text}“ ist zu groß.',
  'csv.noRows': 'Die Datei enthält keine Einträge.',
  'csv.unknownUnit': '„{unit}“ ist keine Einheit für {column}: Verwenden Sie U/L oder µkat/L.',
  'hemolysis.noMeasurements': 'Die Datei enthält keine Messungen.',
  'hemolysis.feedSetFollowsMappings':
    'Ein Datensatz der Laborschnittstelle folgt den Ortszuordnungen: Ändern Sie stattdessen eine Zuordnung.',
  'hemolysis.feedMeasurementFromLab':
    'Ergebnisse der Laborschnittstelle werden vom Laborsystem korrigiert (OBX-11 = C).',

  'labFeed.writeDenied':
    'Nur ein Eigentümer oder Administrator der Organisation kann die Laborschnittstelle ändern.',
  'labFeed.guestsCannotSend': 'Gäste können keine Ergebnisse senden.',
  'labFeed.onlyRejected': 'Nur eine zurückgewiesene Nachricht kann erneut verarbeitet werden.',
  'labFeed.locationTaken': 'Dieser Ortscode ist bereits zugeordnet.',
  'labFeed.codeTaken': 'Dieser Ergebniscode ist bereits zugeordnet.',
  'contract.organizationRequired': 'Organisation ist erforderlich',
  'contract.endBeforeStart': 'Das Enddatum darf nicht vor dem Startdatum liegen',
  'contract.pdfOnly': 'Nur PDF-Dateien können angehängt werden.',
  'contract.filesRequired': 'Hängen Sie mindestens eine PDF-Datei an.',
  'benchmark.optInForbidden':
    'Nur ein Eigentümer oder Administrator der Organisation kann das Peer-Benchmarking ändern.',

  'number.ambiguous':
    '„{text}“ ist mehrdeutig: Schreiben Sie die Zahl mit {decimal} als Dezimaltrennzeichen und ohne weitere Satzzeichen.',
};
