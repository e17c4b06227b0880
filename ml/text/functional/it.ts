// Italian functional templates: what the kit has too little of (plain threats at a person or a place,
// telling someone to harm themselves, sexual harassment and sextortion) and the benign look-alikes that
// must stay benign (violent figures of speech, sport and gaming talk, news, counter-speech, support).
// Written the way Italian is written online, not translated from english.ts: "ti ammazzo", "ti spacco
// la faccia", "ammazzati", "muoio dal ridere", "spacca", "in bocca al lupo / crepi", Roman and southern
// forms ("te sfonno", "t'accir", "ammazza che bello"), chat spellings (nn, 6, t, cmq) and missing accents.
// Written by the team for training only (like HateCheck's test cases, which the kit also trains on);
// never part of a held-back figure. Labels follow the kit's meaning: a benign text has toxicity 0, which
// sets its other labels to 0 in training (train.ts imputedLabels).
import type { SlotLists, TemplateGroup } from './expand.ts';
import { BENIGN, DEHUMANISATION, ENCOURAGE, OWN, SEXTORTION, SEXUAL, THREAT } from './labels.ts';

export const ITALIAN_LISTS: SlotLists = {
  // Before the present tense that Italian uses for threats ("ti ammazzo").
  ti: ['ti', 'ti', 't', 'giuro che ti', 'giuro su dio che ti', 'prima o poi ti', 'la prossima volta ti', 'stasera ti', 'domani ti', 'ora ti', 'se ti becco ti', 'quando ti trovo ti', 'vedrai che ti', 'te lo giuro che ti', 'io ti', 'giuro su mia madre che ti'],
  harm: ['ammazzo', 'uccido', 'spacco la faccia', 'spacco la testa', 'rompo le gambe', 'rompo il culo', 'sparo', 'sparo in testa', 'accoltello', 'sgozzo', 'faccio fuori', 'gonfio di botte', 'gonfio', 'meno', 'faccio a pezzi', 'stacco la testa', 'investo', 'strangolo', 'brucio la casa', "sciolgo nell'acido", 'faccio sparire', 'apro in due', 'ammazzo di botte', "mando all'ospedale", 'lascio su una sedia a rotelle', 'spezzo le ossa', 'taglio la gola', 'seppellisco vivo', 'faccio saltare i denti', 'riempio di piombo', 'spacco le ossa'],
  victim: ['tua madre', 'tua sorella', 'tutta la tua famiglia', 'i tuoi figli', 'la tua ragazza', 'il tuo ragazzo', 'tuo fratello', 'la mia ex', 'il mio ex', 'il mio capo', 'la prof', 'quel figlio di puttana', 'quella troia', 'quel bastardo', 'il mio vicino', 'quello stronzo', 'quella zoccola', 'il tuo amichetto'],
  when: ['', '', '', 'stasera', 'domani', 'appena ti vedo', "all'uscita di scuola", 'fuori da scuola', 'quando esci dal lavoro', 'mentre dormi', 'lunedì', 'lunedi', 'appena metti piede fuori', 'quando meno te lo aspetti', 'questo weekend', 'dopo la partita', 'presto', 'oggi stesso', 'quando torni a casa', 'davanti ai tuoi figli', 'sotto casa tua'],
  // Times for a threat at a third person.
  when3: ['', '', '', 'stasera', 'domani', 'lunedì', 'questo weekend', 'dopo la partita', 'presto', 'oggi stesso', 'mentre dorme', 'sotto casa sua', 'e tu guarderai', 'e poi tocca a te', 'appena esce di casa'],
  insult: ['coglione', 'stronzo', 'pezzo di merda', 'testa di cazzo', 'figlio di puttana', 'bastardo', 'infame', 'zoccola', 'troia', 'sfigato', 'ritardato', 'cretino', 'deficiente', 'merdaccia', 'mongoloide', 'cesso', 'frocio', 'puttana', 'lurido verme', 'cornuto', 'bimbominkia', 'coglionazzo', 'stronza'],
  // Places as a direct object, and the same places after their preposition.
  place: ['la scuola', 'il liceo', "l'università", 'il centro commerciale', 'il concerto', 'la moschea', 'la chiesa', 'la sinagoga', "l'ufficio", 'lo stadio', 'il Pride', 'la stazione', 'la metro', 'la discoteca', 'il mercato', "l'aeroporto", 'la piazza', 'la palestra', "l'ospedale", 'la festa di fine anno'],
  inplace: ['a scuola', 'al liceo', "all'università", "all'universita", 'al centro commerciale', 'al concerto', 'in moschea', 'in chiesa', 'in sinagoga', 'in ufficio', 'allo stadio', 'al Pride', 'in stazione', 'in metro', 'in discoteca', 'al mercato', "all'aeroporto", 'in piazza', 'in palestra', "all'ospedale", 'a messa', 'alla festa', "all'istituto", 'in classe'],
  day: ['domani', 'venerdì', 'venerdi', 'questo weekend', 'la settimana prossima', 'oggi', 'lunedì', "durante l'intervallo", "all'ora di pranzo", 'stasera', "il giorno dell'esame", 'durante la ricreazione', 'alla prima ora', "durante l'assemblea"],
  weapon: ['una pistola', 'la pistola di mio padre', 'il fucile di mio nonno', 'un coltello', 'un coltello da cucina', 'una bomba', 'un machete', 'la benzina', "l'acido", 'un fucile', 'un kalashnikov', "un'arma", 'dell\'esplosivo', 'una tanica di benzina'],
  // Groups (with article) for subject position; groupM for masculine agreement ("sterminati").
  group: ['gli immigrati', 'i negri', 'i musulmani', 'gli ebrei', 'i gay', 'i froci', 'le persone trans', 'i neri', 'le donne', 'le femministe', 'i rifugiati', 'gli zingari', 'i rom', 'i disabili', 'i cristiani', 'i cinesi', 'i terroni', 'gli africani', 'i marocchini', 'i rumeni', 'gli albanesi', 'le lesbiche', 'i meridionali'],
  groupM: ['gli immigrati', 'i negri', 'i musulmani', 'gli ebrei', 'i gay', 'i froci', 'i neri', 'i rifugiati', 'gli zingari', 'i rom', 'i disabili', 'i cinesi', 'i terroni', 'gli africani', 'i marocchini', 'i rumeni', 'gli albanesi'],
  // The same groups named neutrally, for counter-speech (people condemning hate do not use the slurs).
  groupN: ['gli immigrati', 'i musulmani', 'gli ebrei', 'i gay', 'le persone trans', 'i neri', 'le donne', 'i rifugiati', 'i rom', 'i disabili', 'i cinesi', 'i meridionali', 'gli africani', 'le lesbiche'],
  one: ['immigrato', 'negro', 'musulmano', 'ebreo', 'frocio', 'zingaro', 'terrone', 'marocchino', 'straniero', 'rumeno', 'albanese', 'cinese', 'africano', 'gay'],
  nudes: ['le foto nuda', 'foto nuda', 'una foto delle tette', 'le tette', 'foto senza vestiti', 'un video', 'un video mentre ti tocchi', 'cosa hai sotto la gonna', 'una foto sotto la doccia', 'foto in intimo', 'le nudes', 'qualche foto hot', 'il culo'],
  leak: ['le pubblico', 'le mando ai tuoi genitori', 'le faccio vedere ai tuoi', 'tutti vedono il tuo video', 'pubblico tutto', 'lo mando al tuo capo', 'la tua famiglia vede il video', 'le metto nel gruppo della classe', 'le mando al tuo ragazzo', 'lo metto su Instagram con il tuo nome', 'le giro a tutta la scuola', 'le mando a tutti i tuoi contatti'],
  body: ['tette', 'culo', 'corpo', 'gambe', 'labbra', 'bocca', 'culetto', 'cosce', 'fianchi', 'bocce'],
  fun: ['questa canzone', 'questo pezzo', 'questa base', "quest'album", 'questo outfit', 'quel look', 'quel vestito', 'quel gol', 'il ritornello', 'questa torta', 'questa pizza', 'la nuova serie', 'questo film', 'la tua playlist', 'questo beat', 'il nuovo singolo'],
  food: ['una pizza', 'un panino', 'un caffè', 'un caffe', 'un pisolino', 'una birra ghiacciata', 'delle patatine', 'un abbraccio', 'un piatto di carbonara', 'gli arancini di mia nonna', 'un gelato', 'una lasagna', 'un cornetto', 'uno spritz'],
  hard: ['questo allenamento', 'il leg day', 'questo caldo', 'questo esame', 'il mio capo', 'il traffico', 'queste scale', 'la camminata', 'i miei figli', 'questa settimana', 'il lunedì', 'questo piccante', 'queste scarpe', 'il dopo sbornia', 'la sveglia alle 6', "l'università", 'il lavoro', 'la maturità'],
  team: ['la Juve', "l'Inter", 'il Milan', 'la Roma', 'la Lazio', 'il Napoli', 'la Fiorentina', 'il Toro', 'quelli di là', 'la squadra di tuo cugino', 'quelli del quartiere accanto', 'i bianconeri', 'i cugini', "l'Atalanta"],
  game: ['FIFA', 'Fortnite', 'LoL', 'Mario Kart', 'scacchi', 'ping pong', 'Call of Duty', 'Smash', 'padel', 'briscola', 'scopa', 'Clash Royale', 'Valorant', 'calcetto'],
  people: ['Un uomo è morto', 'Una donna è morta', 'Due giovani sono morti', 'Tre persone sono morte', 'Un ragazzo è rimasto ferito', 'Un agente è rimasto ferito', 'Diverse persone sono rimaste ferite', 'Un 16enne è morto'],
  city: ['Milano', 'Torino', 'Napoli', 'Bologna', 'Palermo', 'Bari', 'Genova', 'Verona', 'Firenze', 'Roma', 'Catania', 'Brescia'],
};

export const ITALIAN_GROUPS: readonly TemplateGroup[] = [
  {
    name: 'threat_person',
    labels: THREAT,
    perTemplate: 30,
    templates: [
      '{@ti} {@harm} {@when}{, {@insult}|}',
      "{{te|te giuro che te|mo te|mo' te} {ammazzo|sfonno|apro in due|gonfio de botte|spacco er grugno|faccio male|sparo}|{t'accir|t'accido|te sparo in faccia|te scasso la capa}} {@when}{, {@insult}|}",
      '{giuro che|prima o poi|stasera|domani|te lo giuro,|vedrai che} {ammazzo|accoltello|investo|sgozzo|faccio fuori|strangolo|massacro di botte|ammazzo di botte|sparo a|pesto a sangue} {@victim} {@when3}',
      'se {ti rivedo|ti fai rivedere qui|ti avvicini a mia sorella|scrivi ancora alla mia ragazza|mi parli ancora così|tocchi di nuovo la mia macchina|continui a parlare|ti trovo da solo}{,|} {ti|t|giuro che ti|io ti} {@harm}',
      '{sei|6|sei proprio|ormai sei} {morto|morta|un uomo morto|una donna morta|già morto|morto che cammina} {@when}{. {@insult}|}',
      '{so dove abiti|so dove lavori|so a che scuola vanno i tuoi figli|ho il tuo indirizzo|ho trovato casa tua|so dove abiti}{,|} {e sto arrivando|ti vengo a prendere|ci vediamo presto|aspetta e vedi cosa ti succede|ti faccio a pezzi|dormi con un occhio aperto}',
      '{guardati le spalle|hai i giorni contati|i tuoi giorni sono contati|saluta la tua famiglia|inizia a correre|sei già morto}{, so dove abiti|, ti sto aspettando|, ti trovo|, {@insult}|}',
      '{qualcuno dovrebbe|bisogna|qualcuno deve|qualcuno prima o poi deve} {ammazzarlo|ammazzarla|sparargli|spararle|accoltellarlo|impiccarlo|investirla|farlo fuori|ammazzarti} {subito|una volta per tutte|}',
      '{sono sotto casa tua|ti sto aspettando sotto casa|sto venendo a prenderti|sto arrivando con i miei amici|sono fuori dal tuo portone} {e ti ammazzo|e non ne esci vivo|e ti spacco la faccia|e ti faccio a pezzi|}{, {@insult}|}',
      'non {arrivi vivo a casa|arrivi a {lunedì|domani|fine settimana|natale}|ti svegli domani|ne esci vivo|arrivi ai 18 anni|torni a casa tutto intero}{, {@insult}|}',
    ],
  },
  {
    name: 'threat_place',
    labels: THREAT,
    perTemplate: 30,
    templates: [
      '{giuro che|ho deciso:|vedrete che|} {faccio saltare in aria|brucio|incendio|crivello di colpi|riempio di piombo} {@place} {@day}',
      '{giuro che|ho deciso:|vedrete che|} {faccio una strage|faccio un massacro|metto una bomba|entro armato e sparo a tutti|apro il fuoco|ammazzo tutti} {@inplace} {@day}',
      "{porto|mi porto|vengo con|mi presento con} {@weapon} {@inplace} {@day}{, restate a casa|, siete avvisati|, quelli che ridevano di me sono i primi|}",
      '{@place} {salta in aria|brucia|va a fuoco|sarà un bagno di sangue|finisce in una strage} {@day}{, state lontani|, poi non dite che non vi avevo avvisato|}',
      '{non andate|non andare|non venite|non mettete piede} {@inplace} {@day}{, fidatevi|, succederà qualcosa di grosso|, ci saranno morti|, scorrerà il sangue|}',
      '{ammazzo|sparo a|accoltello|faccio fuori} ogni {@one} che vedo {@inplace} {@day}',
    ],
  },
  {
    name: 'self_harm_encouragement',
    labels: ENCOURAGE,
    perTemplate: 25,
    templates: [
      '{ammazzati|ammazzati pure|ucciditi|suicidati|muori|crepa|impiccati|sparati|buttati sotto un treno|vai ad ammazzarti|vatti ad ammazzare|spero che muori|spero che crepi|spero che ti ammazzi}{ subito| e basta| già| lol| {@insult}|}',
      '{fai un favore al mondo|fai un favore a tutti|fatti un favore|per una volta fai qualcosa di utile} e {ammazzati|buttati da un ponte|buttati dalla finestra|tagliati le vene|bevi la candeggina|sparisci per sempre|buttati sotto un treno}',
      '{nessuno|neanche tua madre|nemmeno la tua famiglia|neanche il tuo ragazzo} {sentirebbe la tua mancanza|piangerebbe|se ne accorgerebbe} se {morissi|ti ammazzassi|crepassi|ti suicidassi}{, quindi fallo|, pensaci|, dai|}',
      '{il mondo|la tua famiglia|tua madre|la tua classe} starebbe meglio {senza di te|se fossi morto|se fossi morta|se ti ammazzassi}{, quindi ammazzati|, crepa|}',
      '{dovresti|devi|faresti bene a} {ammazzarti|ucciderti|suicidarti|tagliarti le vene|buttarti da un ponte|smettere di respirare|morire}{ subito| una volta per tutte|, {@insult}|}',
      '{@insult}{,|} {ammazzati|crepa|muori|suicidati|kys|impiccati}',
      "{fossi in te|io al posto tuo|con quella faccia|con una vita come la tua} {mi sarei già ammazzato|mi sarei gia ammazzato|mi sarei già buttato da un ponte|mi sarei già sparato|mi sarei già suicidato|l'avrei già fatta finita} {da anni|da un pezzo|}",
      '{buttati|buttati giù} {dal quinto piano|da un ponte|sotto un treno|dalla finestra|in autostrada} {subito|già|ahahah|}{, {@insult}|}',
    ],
  },
  {
    name: 'self_harm_own',
    labels: OWN,
    perTemplate: 8,
    templates: [
      '{voglio ammazzarmi|mi voglio ammazzare|voglio morire|mi ammazzo|la faccio finita|voglio farla finita|mi tolgo la vita} {stanotte|domani|presto|}',
      '{non ce la faccio più|nn ce la faccio piu|non reggo più|non posso andare avanti}{, stanotte la faccio finita|, mi ammazzo|, addio a tutti|, basta|}',
      "{mi sono tagliata di nuovo|mi sono tagliato ancora|mi sono tagliata un'altra volta|mi sono fatta del male di nuovo} {stanotte|oggi|più a fondo stavolta|}",
      "{ho già|ho} {messo da parte le pillole|scritto la lettera d'addio|deciso come farlo|preparato tutto per stanotte}",
      '{nessuno se ne accorgerebbe|a nessuno importerebbe} se {sparissi|morissi|mi ammazzassi|non ci fossi più}{, quindi perché restare|, è ora|}',
      '{voglio solo|vorrei solo|voglio} {addormentarmi e non svegliarmi più|smettere di esistere|morire e basta|che finisca tutto} {stanotte|}',
      '{stanotte|questo weekend|presto} {vi saluto tutti|mi tolgo la vita|metto fine al dolore|lo faccio}{, scusa mamma|, mi dispiace|}',
    ],
  },
  {
    name: 'identity_dehumanisation',
    labels: DEHUMANISATION,
    perTemplate: 12,
    templates: [
      '{@group} sono {ratti|parassiti|feccia|spazzatura|una piaga|animali|scarafaggi|un cancro|bestie|vermi|merda|una malattia}',
      '{@groupM} non meritano di vivere{ e andrebbero {sterminati|cacciati tutti|rinchiusi|sterilizzati|gasati}|}',
      '{@group} non {dovrebbero|devono} poter {votare|lavorare|avere figli|esistere|studiare|uscire di casa}',
      '{@group} non sono persone, sono {animali|bestie|ratti|bestiame|scimmie|vermi}',
      "ogni {@one} è {un parassita|un ratto|feccia|spazzatura|un animale|un delinquente}{, tornatevene a casa vostra|, fuori dall'Italia|}",
    ],
  },
  {
    name: 'sexual_harassment',
    labels: SEXUAL,
    perTemplate: 20,
    templates: [
      '{mandami|mandami subito|fammi vedere|manda} {@nudes} {bella|amore|piccola|dai|ora|}',
      '{che|ma che} {@body} che hai, {ti toccherei tutta|ti mangerei tutta|ti farei di tutto|non smetto di immaginarti nuda|viene voglia di metterti le mani addosso}',
      '{ti voglio|ti devo|ti vorrei} {scopare|sbattere|toccare tutta|leccare tutta|mettere a 90} {appena ti vedo|stasera|in bagno|anche se non vuoi|}',
      '{vieni|vieni qua|vieni da me} {e siediti sulla mia faccia|a succhiarmelo|nel mio letto|a casa mia e spogliati}{, bella|, tesoro|}',
      '{sicuro sei|si vede che sei|lo so che sei|scommetto che sei} {una troia|una zoccola|una facile|una porca a letto|una che lo succhia bene|una puttana|una mignotta}{, fammelo vedere|, mandami le foto|}',
      '{smettila di ignorarmi|rispondimi|rispondi} {bella|amore|}, {continuo a scriverti|ti tempesto di messaggi|non smetto di scriverti} finché non {mi mandi le foto nuda|vieni a letto con me|me la dai|mi fai vedere tutto}',
      '{quel vestito te lo strapperei con i denti|quella gonna te la strapperei con i denti|quel top starebbe meglio sul pavimento di camera mia|quel vestito starebbe meglio sul pavimento di camera mia|quella gonna è di troppo|quel top è di troppo|quei jeans te li toglierei con i denti}{, mandami altre foto|, scrivimi in privato|, vieni in dm|}',
      '{staresti|saresti} {meglio|più bona|piu bona} {nuda|senza vestiti|in ginocchio davanti a me|nel mio letto|in perizoma}{ 😏|, bella|}',
    ],
  },
  {
    name: 'sextortion',
    labels: SEXTORTION,
    perTemplate: 20,
    templates: [
      '{mandami|fammi vedere} {@nudes} o {@leak}',
      "{ho|ce l'ho|ho ancora} {le tue foto|il video|le tue nudes|quelle foto}{.|,} {pagami 500 euro|mandami 300 euro|mandamene altre|fai quello che ti dico} o {@leak}",
      '{o vieni a letto con me|o vieni da me stasera|o mi mandi altre foto} o {@leak}',
      'se non mi {mandi un video|mandi altre foto|fai una videochiamata nuda|paghi oggi}, {@leak}',
      'hai tempo fino a {domani|stasera|mezzanotte} per {mandarmi altre foto|pagare|venire da me}, {se no|altrimenti} {@leak}',
    ],
  },
  {
    name: 'figurative',
    labels: BENIGN,
    perTemplate: 20,
    templates: [
      '{@fun} {spacca|spacca di brutto|è una bomba|è da paura|è la fine del mondo|è micidiale|è devastante|fa impazzire}{ 🔥|!|}',
      '{muoio dal ridere|sto morendo dal ridere|sto morendo dalle risate|sono morto|sono morta|morto|mi hai ucciso|mi fai morire|crepo dal ridere|schiatto dal ridere} {ahahah|ahahahah|😂|💀|xd|}',
      '{lei|lui|la band|il batterista|la cantante|il chitarrista} {ha spaccato|ha ammazzato tutti|ha distrutto|ha fatto il botto|ha spaccato tutto} {sul palco|ieri sera|al concerto|oggi|}{ 🔥|}',
      "{hai spaccato|hai spaccato tutto|hai distrutto|hai fatto una strage di cuori|hai fatto il botto} {sul palco|ieri sera|al concerto|con quell'assolo|}{, sei un mito|!|}",
      '{ucciderei|morirei|venderei un rene|farei follie} per {@food} {adesso|in questo momento|}',
      '{@hard} {mi sta uccidendo|mi ha ucciso|mi ammazza|mi ha distrutto|mi ha quasi ammazzato|sarà la mia morte}{ 😩| ahah|}',
      "{{domani|oggi|stasera} {spacco tutto|spacco|faccio il botto|distruggo tutti} {all'esame|in palestra|alla presentazione|al colloquio|alla partita|al provino}|in bocca al lupo {per stasera|per l'esame|per il colloquio|}! {crepi!|crepi il lupo!|crepi, grazie!|}}",
      "{mia madre|mia mamma|il mio capo|il mio allenatore|la mia ragazza} {mi ammazza|mi uccide|mi fa fuori|mi fa secco} se {arrivo tardi|me ne dimentico|non ci vado} {di nuovo|un'altra volta|} {ahah|ahahah|lol|}",
      '{quel|questo} {meme|video|reel|tweet|commento} {mi ha ucciso|mi ha ammazzato|mi ha distrutto|mi ha fatto morire} {💀|😂|ahahah|}',
      "{{ammazza|ammazza oh|mamma mia, ammazza} {che bello|quanto sei bella|che panorama|che fame|quanto corre}{!|}|{una festa|un concerto|una serata} da {paura|urlo|morire}{!| 🔥|}|sto {ammazzando il tempo|morendo di noia|morendo di fame} {in sala d'attesa|in treno|in ufficio|}}",
    ],
  },
  {
    name: 'sport_gaming',
    labels: BENIGN,
    perTemplate: 15,
    templates: [
      '{domenica|in finale|stasera|nel derby|la settimana prossima} {distruggiamo|asfaltiamo|massacriamo|ammazziamo|seppelliamo|schiantiamo|umiliamo} {@team}',
      "{headshot|l'ho ammazzato|l'ho fatto fuori|colpo in testa|tripla uccisione|ace|clutch} {dall'altra parte della mappa|col cecchino|con la pistola|all'ultimo round|e abbiamo vinto la partita}{!| gg| ahah|}",
      '{ti ho distrutto|ti ho asfaltato|ti ho ammazzato|ti ho fatto a pezzi|ti ho massacrato} {in ranked|a FIFA|a Mario Kart|nella partita|a Fortnite}{, gg ez|, niubbo|, rivincita?| ahah| xd|}',
      '{ti|vi} {distruggo|asfalto|ammazzo|massacro|umilio} a {@game} {stasera|dopo|}',
      '{ci hanno massacrato|ci hanno ammazzato|ci hanno distrutti|ci hanno asfaltato} {in difesa|a centrocampo|nel secondo tempo|in contropiede} {oggi|domenica|}',
      "{quel fallo|quel KO|quella schiacciata|quel tiro} {è stato brutale|è stato devastante|l'ha ammazzato|l'ha distrutto} {🔥|}",
      "{gli abbiamo fatto|gli facciamo} {cinque gol|un'imbarcata|una goleada|il culo} {alla Juve|all'Inter|al Milan|}{, che massacro|, li abbiamo ammazzati|}",
    ],
  },
  {
    name: 'news',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      "{@people} dopo {una sparatoria|un accoltellamento|una rissa|un'aggressione} {fuori da una discoteca|vicino alla stazione|in centro|in un parco} {nella notte tra sabato e domenica|ieri sera|venerdì}, riferisce la polizia.",
      "{Almeno 12|Diversi|Decine di|Tre} civili sono morti {nell'attacco|nel bombardamento|nell'esplosione|nell'attentato}, secondo le autorità.",
      'Il {sospettato|fermato|giovane} è stato {accusato di|condannato per|processato per} {omicidio|tentato omicidio|minacce di morte|aver pianificato un attentato}.',
      "{Un nuovo rapporto|Il Ministero della Salute|Uno studio|L'Istat} {segnala|indica|rivela} che il tasso di suicidi {è aumentato|è calato|è raddoppiato} tra {gli adolescenti|i giovani uomini|gli agricoltori|gli anziani} {l'anno scorso|nell'ultimo decennio}.",
      'Arrestato un {17enne|ragazzo|uomo} che minacciava {una strage a scuola|una sparatoria al liceo|di mettere una bomba in metro} {su TikTok|sui social|in una chat di WhatsApp}.',
      "{Inizia|Si apre|Prosegue} il processo {all'imputato|ai due imputati|all'ex studente accusato} {dell'omicidio|della strage|della sparatoria|dell'accoltellamento} di {@city}.",
    ],
  },
  {
    name: 'counter_speech',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      '{dire a qualcuno di ammazzarsi|dire alla gente di suicidarsi|scrivere "ammazzati"} {non è mai uno scherzo|non va mai bene|è schifoso|non fa ridere}{, segnalato|. basta|}',
      "{qualcuno|un tizio|questo profilo} {nei commenti|qui|} {ha minacciato di|ha scritto che vuole} {mettere una bomba a scuola|fare una strage al centro commerciale|ammazzarmi}. {l'ho segnalato|segnalato alla Polizia Postale|denunciato}.",
      "chiamare {@groupN} \"{ratti|animali|parassiti}\" è {schifoso|odio|discorso d'odio}{, non un'opinione|. bloccato|}",
      '{nessuno|nessuno al mondo|neanche il tuo peggior nemico} merita {minacce di morte|di sentirsi dire di morire|di sentirsi dire di ammazzarsi|di essere molestato così|di essere minacciato di morte}{ per un post| per un commento|, mai|}',
      'se {vedi|ti arriva|trovi} un {messaggio|video|commento} {che minaccia una scuola|che minaccia di ammazzare qualcuno|che dice a qualcuno di ammazzarsi|che dice di sterminare {@groupN}}, {segnalalo|avvisa la polizia|non condividerlo|fai uno screen e segnalalo}',
      "{non è libertà di parola|non è umorismo|non è un'opinione} {dire che bisogna ammazzare|chiedere di cacciare|chiamare feccia} {@groupN}{, è odio|. segnalato|}",
    ],
  },
  {
    name: 'support',
    labels: BENIGN,
    perTemplate: 12,
    templates: [
      'se {stai pensando al suicidio|stai pensando di farti del male|stai passando un brutto periodo}, per favore {parla con qualcuno|chiama Telefono Amico|chiama il 112|chiedi aiuto}{, tu conti|. non sei solo|. non sei sola|}',
      '{ti prego non|non} {ammazzarti|farti del male|mollare|farla finita}{, abbiamo bisogno di te|, passerà|, io ci sono|}',
      '{i miei dm sono aperti|sono qui per te|puoi parlarmi|scrivimi} {se ne hai bisogno|quando vuoi|a qualsiasi ora|}{ ❤️|}',
      "{è da un po' che sto malissimo|ho passato mesi bui} {e finalmente|quindi} {ho preso appuntamento con una psicologa|ho chiamato Telefono Amico|ne ho parlato con mia madre}{. fiera di me|. fiero di me|}",
      '{amica|amico|fra|bro}, {so che vuoi morire|so che ora sembra tutto uno schifo|so che pensi di ammazzarti}, ma {sono con te|parliamone|vengo da te e ne parliamo|ci sono io}{ ❤️|}',
      '{parlare di suicidio|chiedere aiuto|andare dallo psicologo} {non è da deboli|salva la vita|va bene}{, non tenerti tutto dentro|, parlane con qualcuno|}',
    ],
  },
];
