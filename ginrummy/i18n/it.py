"""Messaggi in italiano. Chiavi e segnaposto devono coincidere con :mod:`ginrummy.i18n.en`.

I termini sono quelli del glossario del progetto (``shared/GLOSSARY.md``): tallone,
pila degli scarti, punti morti, bussare, attaccare, combinazione, cappotto,
mano nulla, bonus di linea (box), suggerimento, livello.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # ------------------------------------------------------------ parole
    "word.and": "e",
    "word.yes": "sì",
    "word.no": "no",
    "word.none": "nessuno",
    "count.cards.one": "{count} carta",
    "count.cards.other": "{count} carte",
    # ------------------------------------------------------------ la partita
    "game.title": "Gin Rummy: vince chi arriva per primo a {target} punti.",
    "game.opponent": "Il tuo avversario: {name}, livello {level}.",
    "game.client_seed": "Il tuo seed per le smazzate: {seed} (dimostrabilmente equo: entra in "
                        "ogni mazzo; scegline uno tuo con --client-seed).",
    "game.fair_commitment": "Mano {number}: il mazzo è fissato dall'impegno {commitment} (seed "
                            "del server ancora segreto), con il tuo seed {seed}.",
    "game.fair_reveal": "Mano {number}: il seed del server era {server_seed}; il suo SHA-256 è "
                        "l'impegno mostrato prima della smazzata.",
    "game.bad_client_seed": "gin play: --client-seed: {problem}",
    "game.cut": "Alzata: {cut}.",
    "game.commands": "A ogni richiesta: 'aiuto' per le mosse, 'sugg' per un suggerimento, "
                     "'esci' per fermarti e salvare.",
    "game.resumed": "Riprendo la partita salvata in {path}, dalla mano {hand}.",
    "game.resume_keeps": "Una partita ripresa mantiene le sue regole, il livello del computer e "
                         "la sequenza dei mazzi.",
    "game.over": "Partita finita.",
    "game.stopped": "Partita interrotta.",
    "game.saved": "Partita salvata in {path}. Per riprenderla: gin play --resume {path}",
    "game.saved_final": "Partita registrata in {path}.",
    "game.save_failed": "Non riesco a salvare la partita in {path}: {error}",
    "game.resume_failed": "Non riesco a riprendere {path}: {error}",
    "game.you": "Tu",
    "game.computer": "Computer",
    "cut.round": "{name0} {card0}, {name1} {card1}",
    "cut.tie": " (pari: si alza di nuovo)",
    "cut.result": "la carta più bassa fa il mazziere: {name}",
    "cut.high_chooses": "chi ha alzato la carta più alta sceglie chi distribuisce: {name}",
    "cut.you_deal": "Distribuisci tu la prima mano.",
    "cut.you_let": "La prima mano la distribuisce {name}.",
    "cut.other_deals": "{name} sceglie di distribuire la prima mano.",
    "cut.other_lets_you": "{name} lascia distribuire a te la prima mano.",
    "prompt.cut_choice": "Hai alzato la carta più alta: vuoi distribuire tu la prima mano? "
                         "(s: distribuisco io, n: distribuisce {name}) ",
    "error.cut_choice": "Rispondi s per distribuire tu la prima mano, o n per lasciarla a {name}.",
    # ------------------------------------------------------------ il tavolo
    "hand.header": "Mano {number}, mazziere: {dealer}",
    "hand.resumed": "Si riprende la mano {number}, mazziere: {dealer}",
    "hand.oklahoma_limit": "Carta scoperta {card}: in questa mano il limite per bussare è "
                           "{limit}.",
    "hand.spade_double": "La carta scoperta è di picche: questa mano vale doppio.",
    "hand.opponent_cards": "Le carte di {name}: {cards}",
    "table.line": "Tallone {stock}   pila degli scarti {top}{under}   limite per bussare {limit}",
    "table.under": " (sotto: {cards})",
    "table.opponent.one": "{name}: {count} carta",
    "table.opponent.other": "{name}: {count} carte",
    "table.opponent_known": "; dagli scarti ha preso {cards}",
    "table.me": "{name}: {hand}",
    "table.deadwood": "(punti morti {count})",
    # ------------------------------------------------------------ richieste
    "prompt.first_upcard": "Prendi la carta scoperta {card} (s) o passi (p)? ",
    "prompt.wall": "Nel tallone restano due carte: prendi {card} per bussare (s) o passi (p)? ",
    "prompt.draw_stock_only": "Avete passato tutti e due: pesca dal tallone (t). ",
    "prompt.draw": "Peschi dal tallone (t) o prendi {card} dagli scarti (s)? ",
    "prompt.discard": "Scarta una carta: ",
    "prompt.discard_knock": "Scarta una carta, oppure bussa ('bussa', 'bussa 7C', 'gin'): ",
    "prompt.discard_big_gin": "Scarta, bussa, oppure cala il big gin ('big gin'): ",
    "prompt.arrangement": "Disposizione [1]: ",
    "prompt.defend": "Invio per accettare, oppure 'm' per scegliere tu le carte da attaccare: ",
    "prompt.layoffs": "Carte da attaccare (per esempio 8C 9C), Invio per nessuna: ",
    "help.text": (
        "Mosse:\n"
        "  t            pesca dal tallone\n"
        "  s            prendi la prima carta della pila degli scarti\n"
        "  p            passa (sulla carta scoperta iniziale, o sull'ultimo scarto quando nel\n"
        "               tallone restano due carte)\n"
        "  7C, 10Q, KP  scarta quella carta (semi: F fiori, Q quadri, C cuori, P picche;\n"
        "               vanno bene anche i simboli ♣ ♦ ♥ ♠)\n"
        "  bussa        bussa con lo scarto migliore; 'bussa 7C' per bussare scartando il 7♥\n"
        "  gin          fai gin; 'big gin' se le regole lo prevedono\n"
        "  mosse        elenca le mosse possibili\n"
        "  sugg         un suggerimento, con il perché\n"
        "  esci         fermati: la partita viene salvata e con --resume si riprende"
    ),
    "help.arrangement": "Scrivi il numero della disposizione da calare (Invio: la prima, con "
                        "meno punti morti e meno carte attaccabili); 'sugg' te ne consiglia una.",
    "moves.list": "Mosse possibili: {moves}",
    "moves.discard": "scarta {cards}",
    "moves.knock": "bussa con {cards}",
    # ------------------------------------------------------------ mosse
    "action.draw_stock": "pesca dal tallone",
    "action.take": "prendi lo scarto",
    "action.pass": "passa",
    "action.done": "fatto",
    "action.big_gin": "big gin",
    "action.meld": "cala {cards}",
    "action.layoff": "attacca {card}",
    "action.knock": "bussa con {card}",
    "action.discard": "scarta {card}",
    "move.draw_stock": "{name} pesca dal tallone",
    "move.take": "{name} prende {card} dalla pila degli scarti",
    "move.pass": "{name} passa",
    "move.big_gin": "{name} cala un big gin!",
    "move.done": "{name} ha finito di calare",
    "move.meld": "{name} cala {cards}",
    "move.layoff": "{name} attacca {card}",
    "move.knock": "{name} bussa e scarta coperto",
    "move.discard": "{name} scarta {card}",
    "you.draw_stock": "Peschi {card} dal tallone.",
    "you.take": "Prendi {card}.",
    "you.discard": "Scarti {card}.",
    "you.knock": "Bussi e scarti {card} coperta.",
    "you.lay_out": "Cali {melds} {loose}: punti morti {deadwood}.",
    "you.layoffs": "Attacchi {cards}: punti morti {deadwood}.",
    # ------------------------------------------------------------ bussare e attaccare
    "knock.choose": "Scegli come calare la mano:",
    "knock.option": "  {number}. {melds} {loose}  punti morti {deadwood}; carte non viste che "
                    "l'avversario potrebbe attaccare: fino a {layable}",
    "defend.knock": "{name} bussa: {melds} {loose} (punti morti: {deadwood})",
    "defend.gin": "{name} fa gin: {melds}",
    "defend.no_layoffs_gin": "Sul gin non si attacca: cali le tue combinazioni, punti morti "
                             "{deadwood}.",
    "defend.best": "La tua risposta migliore: attacchi {cards} e i punti morti scendono a "
                   "{deadwood}.",
    "defend.best_none": "Non hai niente da attaccare: cali le tue combinazioni, punti morti "
                        "{deadwood}.",
    # ------------------------------------------------------------ risultati
    "outcome.knock": "bussata",
    "outcome.gin": "gin",
    "outcome.big_gin": "big gin",
    "outcome.undercut": "undercut",
    "outcome.tie": "pareggio",
    "outcome.void": "mano nulla",
    "void.R21": "nel tallone sono rimaste solo due carte",
    "void.R22": "l'ultimo scarto non è stato preso per bussare",
    "void.R36": "troppi turni senza pescare dal tallone",
    "void.pile_cap": "si è pescato troppe volte dalla pila degli scarti",
    "void.returned": "la stessa carta è stata presa e riscartata due volte di seguito",
    "void.unknown": "{reason}",
    "result.void": "Mano nulla: {reason}. Nessuno segna e lo stesso mazziere ridistribuisce.",
    "result.knocker": "{name}: bussata, punti morti {count}.",
    "result.knocker_gin": "{name}: gin!",
    "result.knocker_big_gin": "{name}: big gin, tutte e undici le carte in combinazione!",
    "result.defender": "{name}: punti morti {count}.",
    "result.defender_layoffs": "{name}: punti morti {count} dopo aver attaccato {cards}.",
    "result.outcome": "Esito: {outcome}",
    "result.tie": "Punti morti pari: nessuno segna.",
    "result.part.difference": "differenza {value}",
    "result.part.bonus": "bonus {outcome} {value}",
    "result.multiplied": "({sum}) × {multiplier} per la carta scoperta di picche",
    "result.points": "Punti della mano: {name} +{points} ({sum})",
    "result.box": "Bonus di linea (box): {name} +1, vale {bonus} punti a fine partita.",
    "result.extra_boxes.one": "Box extra: {name} +{count}.",
    "result.extra_boxes.other": "Box extra: {name} +{count}.",
    "score.line": "Punteggio: {name0} {points0}, {name1} {points1} (si gioca a {target})",
    "score.boxes": "Box: {name0} {boxes0}, {name1} {boxes1} ({bonus} punti l'uno a fine partita)",
    "score.extra_boxes": "Box extra: {name0} {boxes0}, {name1} {boxes1}",
    "score.game_bonus": "Bonus partita a chi raggiunge il traguardo: {bonus}",
    # ------------------------------------------------------------ il conto finale
    "settle.hand_points": "punti delle mani",
    "settle.boxes_rounds": "bonus di linea (giri vinti × {bonus})",
    "settle.boxes": "bonus di linea (mani vinte × {bonus})",
    "settle.extra_boxes": "box extra (× {bonus})",
    "settle.game_bonus": "bonus partita",
    "settle.shutout_bonus": "cappotto (bonus raddoppiato)",
    "settle.shutout_all": "cappotto (punteggio raddoppiato)",
    "settle.final": "totale finale",
    "settle.in_progress": "Partita in corso: il bonus partita non è ancora assegnato.",
    "settle.winner": "Vincitore: {name} ({reason}).",
    "settle.no_winner": "Nessun vincitore: totali pari ({reason}).",
    "settle.margin_none": "Differenza 0: nessuno paga.",
    "settle.margin": "Differenza {margin} (senza posta a punto).",
    "settle.payment": "Differenza {margin}: a carico di {payer}, a favore di {payee}, "
                      "{stake} × {margin} = {payment}.",
    "end.target": "traguardo raggiunto",
    "end.max_hands": "raggiunto il numero massimo di mani",
    "end.time_limit": "tempo scaduto",
    # ------------------------------------------------------------ errori
    "error.help": "Scrivi 'aiuto' per le mosse, 'sugg' per un suggerimento.",
    "error.empty": "Scrivi una mossa.",
    "error.unknown": "Non capisco «{text}».",
    "error.not_card": "«{text}» non è una carta: scrivi il valore e poi il seme, come 7C, 10Q o "
                      "KP (semi: F fiori, Q quadri, C cuori, P picche).",
    "error.not_in_hand": "Non hai {card} in mano.",
    "error.just_taken": "Hai appena preso {card} dalla pila degli scarti: non puoi riscartarla "
                        "nello stesso turno (R12).",
    "error.knock_over_limit": "Bussando con {card} i punti morti sarebbero {count}, oltre il "
                              "limite di {limit}.",
    "error.cannot_knock": "Non puoi bussare: al meglio i punti morti sono {count} e il limite è "
                          "{limit}.",
    "error.cannot_gin": "Niente gin: al meglio i punti morti sono {count}.",
    "error.cannot_big_gin": "Per il big gin servono tutte e undici le carte in combinazione, e "
                            "regole che lo prevedano.",
    "error.draw_first": "Prima devi pescare: dal tallone (t) o dalla pila degli scarti (s).",
    "error.discard_now": "Hai già pescato: ora scarta una carta (o bussa).",
    "error.stock_only": "Avete passato tutti e due la carta scoperta: ora si pesca dal tallone "
                        "(R13).",
    "error.first_upcard": "Primo turno: prendi la carta scoperta (s) o passa (p).",
    "error.wall_choice": "Prendi l'ultimo scarto per bussare (s) o passa (p).",
    "error.wall_no_knock": "Con quella carta non potresti bussare: passa (R22).",
    "error.wall_must_knock": "Hai preso l'ultimo scarto solo per bussare: ora devi bussare (R22).",
    "error.wall_other_card": "Hai preso {card} a fine tallone: per bussare devi scartare "
                             "un'altra carta (R22).",
    "error.not_now": "Adesso non si può. Mosse possibili: {moves}.",
    "error.arrangement_number": "Scrivi un numero da 1 a {count}, oppure Invio per la 1.",
    "error.defend_choice": "Premi Invio per accettare, oppure scrivi 'm' per scegliere tu le carte "
                           "da attaccare.",
    "error.layoff_not_fit": "{cards}: non si può attaccare alle combinazioni di {name}.",
    # ------------------------------------------------------------ suggerimenti
    "hint.recommend": "Suggerimento: {move}",
    "hint.title": "Suggerimento",
    "hint.compare": "Stime: {options}",
    "hint.value.deadwood": "punti morti {deadwood}",
    "hint.value.expected_deadwood": "punti morti in media {deadwood}",
    "hint.value.points": "punti attesi {points}",
    "hint.value.win": "{percent}% di vincere la mano",
    "hint.value.unknown": "non stimata",
    "hint.note.risky": "rischiosa: ha preso {took}",
    "hint.note.safe": "più sicura: ha scartato {threw}",
    "hint.discard_unconnected_high": "{card} è isolata e alta: i tuoi punti morti scendono da "
                                     "{before} a {after}",
    "hint.discard_unconnected": "{card} non lega con nessuna delle tue carte: i punti morti "
                                "scendono da {before} a {after}",
    "hint.discard_high": "{card} è una carta alta: i punti morti scendono da {before} a {after}",
    "hint.discard_least": "scartando {card} resti con meno punti morti: da {before} a {after}",
    "hint.discard_thrown": "l'avversario ha già scartato {threw}, quindi difficilmente {card} "
                           "gli serve",
    "hint.safer_than": "è più sicuro di {card}, che potrebbe servire all'avversario (ha preso "
                       "{took})",
    "hint.wait_for_gin": "potresti bussare, ma conviene aspettare il gin: per ora hai {deadwood} "
                         "punti morti",
    "hint.knock": "bussa scartando {card}: i punti morti restano {deadwood}, entro il limite "
                  "di {limit}",
    "hint.knock_opponent_took": "l'avversario ha preso {cards} dagli scarti, quindi anche lui "
                                "potrebbe essere vicino a chiudere: non aspettare",
    "hint.gin": "scarta {card} e fai gin: tutte e dieci le carte sono in combinazione, {bonus} "
                "punti di bonus",
    "hint.big_gin": "tutte e undici le carte sono in combinazione: big gin, {bonus} punti di "
                    "bonus",
    "action.take_card": "prendi il {card} scoperto",
    "hint.take_joins.after_take": "entra in una combinazione e i punti morti scendono da "
                                  "{before} a {after}",
    "hint.take_lowers.after_take": "porta i punti morti a {after}, meglio della media di "
                                   "{expected} pescando dal tallone",
    "hint.take_joins": "{card} entra in una combinazione: i punti morti scendono da {before} a "
                       "{after}",
    "hint.take_lowers": "{card} ti porta i punti morti a {after}, meglio della media di {expected} "
                        "con una carta del tallone",
    "hint.draw_stock": "{card} non entra in nessuna combinazione; pescando dal tallone i punti "
                       "morti sono in media {expected}, contro {after} prendendo {card}",
    "hint.stock_over_meld": "{card} entrerebbe in una combinazione, ma prenderla scopre il tuo "
                            "gioco; dal tallone i punti morti sono in media {expected}",
    "hint.draw_only": "avete passato tutti e due la carta scoperta, quindi si pesca dal tallone",
    "hint.pass_upcard": "{card} non entra in nessuna tua combinazione: lasciala",
    "hint.pass_meld": "{card} entrerebbe in una combinazione, ma prenderla scopre il tuo gioco; "
                      "dal tallone i punti morti sono in media {expected}",
    "hint.wall_take": "prendi {card}: ti permette di bussare subito, prima che la mano sia nulla",
    "hint.wall_pass": "passa: {card} non ti fa bussare, e la mano è nulla",
    "hint.arrange": "cala {melds}: punti morti {deadwood}; le carte non ancora viste che vi si "
                    "potrebbero attaccare sono {layable}",
    "hint.arrange_number": "Suggerimento: la disposizione {number}: punti morti {deadwood}, con il "
                           "minor numero di carte attaccabili ({layable}).",
    "hint.defend_gin": "sul gin non si attacca: cala le tue combinazioni, punti morti {deadwood}",
    "hint.defend_layoff": "attacca {cards}: i punti morti scendono da {before} a {after}",
    "hint.defend_none": "non hai niente da attaccare: cala le combinazioni, punti morti "
                        "{deadwood}",
    # ------------------------------------------------------------ regole
    "preset.standard": "Standard: le regole del gioco online più diffuso, senza box né bonus "
                       "partita.",
    "preset.classic": "Classico: le regole tradizionali da circolo, con i box, il bonus partita e "
                      "il cappotto che lo raddoppia.",
    "preset.modern": "Moderno: il punteggio classico, con 25 punti per gin, undercut e ogni box.",
    "preset.lotoflaughs": "Lotoflaughs: bonus e box da 25 punti, con limiti facoltativi di mani e "
                          "di tempo.",
    "preset.oklahoma": "Oklahoma: la carta scoperta fissa il limite per bussare, se è di picche "
                       "la mano vale doppio; si gioca a 150.",
    "preset.oklahoma_online": "Oklahoma online: la carta scoperta fissa il limite per bussare, "
                              "con l'asso si chiude solo con gin; si gioca a 150.",
    "preset.gra": "GRA: le regole della Gin Rummy Association; si può riscartare la carta appena "
                  "presa.",
    "preset.openspiel": "OpenSpiel: le regole del gin_rummy di OpenSpiel, per i confronti.",
    "preset.custom": "Regole «{name}».",
    "option.knock_limit": "limite per bussare",
    "option.knock_limit_oklahoma": "dato dalla carta scoperta",
    "option.oklahoma": "Oklahoma (la carta scoperta fissa il limite)",
    "option.ace_upcard_gin_only": "asso scoperto: solo gin",
    "option.spade_double": "carta scoperta di picche: mano doppia",
    "option.extra_boxes": "box extra per undercut e gin",
    "option.dealer_rule": "prossimo mazziere",
    "option.eleven_card_deal": "undici carte a chi non distribuisce",
    "option.allow_discard_of_drawn_upcard": "si può riscartare la carta appena presa",
    "option.big_gin": "big gin",
    "option.gin_bonus": "bonus gin",
    "option.undercut_bonus": "bonus undercut",
    "option.big_gin_bonus": "bonus big gin",
    "option.undercut_on_tie": "undercut a punti morti pari",
    "option.fiftieth_card_action": "ultimo scarto preso solo per bussare",
    "fiftieth_card_action.off": "no (la mano è nulla)",
    "fiftieth_card_action.same_card": "sì, anche scartando coperta quella stessa carta",
    "fiftieth_card_action.different_card": "sì, scartando una carta diversa",
    "option.first_dealer": "primo mazziere",
    "first_dealer.low_cut_deals": "distribuisce chi alza la carta più bassa",
    "first_dealer.high_cut_chooses": "chi alza la carta più alta sceglie chi distribuisce",
    "option.knocker_may_hide_melds": "chi bussa può lasciare combinazioni tra le carte spaiate",
    "option.limit_awards_game_bonus": "al limite di mani o di tempo il bonus partita va a chi "
                                      "è in testa",
    "option.max_turns_without_stock_draw": "turni senza pescare dal tallone prima della mano "
                                           "nulla",
    "option.discard_pile_draw_limit": "prese consentite dalla pila degli scarti",
    "option.void_on_second_returned_discard": "mano nulla se una carta presa viene riscartata "
                                              "due volte",
    "option.target": "traguardo",
    "option.box_bonus": "bonus di linea (box)",
    "option.game_bonus": "bonus partita",
    "option.shutout_rule": "cappotto",
    "option.max_hands": "numero massimo di mani",
    "option.time_limit_minutes": "limite di tempo (minuti)",
    "option.stake_per_point": "posta per punto",
    "dealer_rule.loser": "distribuisce chi perde",
    "dealer_rule.winner": "distribuisce chi vince",
    "dealer_rule.alternate": "a turno",
    "shutout_rule.none": "nessun effetto",
    "shutout_rule.double_bonus": "bonus partita raddoppiato",
    "shutout_rule.double_all": "punteggio raddoppiato",
    # ------------------------------------------------------------ equità (gin verify)
    "verify.hand_ok": "mano {number}: OK, il mazzo è quello dell'impegno ({commitment}) e "
                      "ogni giocatore ha dato il suo seed per quell'impegno, dopo averlo visto",
    "verify.hand_ok_v1": "mano {number}: OK, il mazzo è quello dell'impegno ({commitment}) "
                         "(versione 1: la registrazione non mostra che i seed sono venuti dopo)",
    "verify.problem.cut_mismatch": "il taglio {cut} non è quello fissato dal seed del server "
                                   "della prima mano ({expected})",
    "verify.problem.seed_claim": "--seed vuole MANO=SEED, non {claim}",
    "verify.problem.seed_claim_hand": "--seed: non c'è una mano {number} (la registrazione ne ha "
                                      "{count})",
    "verify.problem.seed_not_used": "il tuo seed {seed} non è tra i seed della mano {number}",
    "verify.hand_problem": "mano {number}: PROBLEMA: {problem}",
    "verify.game_problem": "partita: PROBLEMA: {problem}",
    "verify.summary_ok.one": "La mano è equa: il mazzo è quello fissato dall'impegno, e la "
                             "partita si riproduce.",
    "verify.summary_ok.other": "Tutte le {count} mani sono eque: ogni mazzo è quello fissato "
                               "dal suo impegno, e la partita si riproduce.",
    "verify.summary_problem": "Equità non dimostrata: {bad} mani su {count} hanno un problema.",
    "verify.summary_game": "Equità non dimostrata: la partita nel suo insieme ha un problema.",
    "verify.cannot_read": "gin verify: impossibile leggere {path}: {error}",
    "verify.bad_record": "gin verify: {path}: {error}",
    "verify.problem.seat": "posto {seat}: {problem}",
    "verify.problem.version": "versione {version} della derivazione del mazzo sconosciuta "
                              "(questo programma conosce {known})",
    "verify.problem.commitment_format": "l'impegno deve essere di 64 cifre esadecimali "
                                        "minuscole (uno SHA-256), trovato {value}",
    "verify.problem.commitment_mismatch": "l'impegno {commitment} non corrisponde al seed del "
                                          "server, il cui SHA-256 è {actual}",
    "verify.problem.server_seed_missing": "il seed del server non è stato rivelato",
    "verify.problem.server_seed_format": "il seed del server deve essere di 64 cifre "
                                         "esadecimali minuscole (32 byte), trovato {value}",
    "verify.problem.client_seed_count": "ci sono {count} seed dei giocatori, ma la partita ha "
                                        "{seats} posti",
    "verify.problem.client_seed_type": "un seed del giocatore è un testo o null, non {type}",
    "verify.problem.client_seed_length": "un seed del giocatore ha da 1 a {limit} caratteri, "
                                         "questo ne ha {length}",
    "verify.problem.client_seed_character": "il seed del giocatore contiene un carattere non "
                                            "stampabile ({code})",
    "verify.problem.game_id_type": "l'identificativo della partita è un testo, non {type}",
    "verify.problem.game_id_length": "un identificativo di partita ha da 1 a {limit} caratteri, "
                                     "questo ne ha {length}",
    "verify.problem.game_id_character": "l'identificativo della partita contiene un carattere "
                                        "non stampabile ({code})",
    "verify.problem.hand_number": "il numero della mano deve essere un intero da 1 a {limit}, "
                                  "trovato {number}",
    "verify.problem.deck_cards": "il mazzo non è di 52 carte diverse ({count} elementi)",
    "verify.problem.deck_mismatch": "il mazzo non è quello derivato: {count} posizioni "
                                    "diverse; alla posizione {position} il mazzo ha {card}, la "
                                    "derivazione dà {expected}",
    "verify.problem.no_fair": "la mano non ha dati di equità (nessun impegno registrato)",
    "verify.problem.revealed_early": "il seed del server è rivelato benché la mano non sia "
                                     "finita",
    "verify.problem.not_over": "la mano non è finita, quindi non si può ancora verificare",
    "verify.problem.game_id_differs": "l'identificativo {game_id} è diverso da quello della mano "
                                      "1 ({first})",
    "verify.problem.seed_reused": "il seed del server era già stato usato nella mano {other}",
    "verify.problem.replay": "la registrazione non si riproduce: {error}",
    "verify.problem.no_hands": "la registrazione non ha mani",
    "verify.problem.not_finished": "la partita non è finita",
    "verify.problem.no_deal": "la mano ha dati di equità ma nessun numero di distribuzione (il "
                              "mazzo di una partita a più giocatori è derivato da quel numero)",
    "verify.problem.deal_reused": "il numero di distribuzione {deal} era già stato usato nella "
                                  "mano {other}",
    "table.computer": "Computer {number}",
    "table.partner": "Compagno {number}",
    "table.opponent_name": "Avversario {number}",
    "table.team": "squadra {names}",
    "table.title_three": "Gin Rummy in tre: vince chi arriva per primo a {target} punti. Il "
                         "mazziere non gioca; chi perde una mano fa il mazziere della "
                         "successiva.",
    "table.title_teams": "Gin Rummy in due squadre da {size}: vince la prima squadra che arriva "
                         "a {target} punti. I compagni giocano a tavoli diversi, contro un "
                         "avversario nuovo a ogni giro.",
    "table.players": "Giocatori: {names}.",
    "table.teams": "Squadre: {team0} contro {team1}.",
    "table.cut": "Alzata: {rounds}; {name} ha alzato la carta più bassa ({card}).",
    "table.three_loser_rule": "In tre giocatori chi perde una mano fa il mazziere della "
                              "successiva: la regola del mazziere '{rule}' di queste regole non "
                              "si applica.",
    "table.hand_header": "Mano {number}: {dealer} fa il mazziere e non gioca; {name0} contro "
                         "{name1}",
    "table.round_header": "Giro {number}, tavolo {table}: {name0} contro {name1}, "
                          "mazziere {dealer}",
    "table.resumed_hand": "(ripresa)",
    "table.round_score": "Giro {number}: {team0} ha vinto {points0}, {team1} ha vinto "
                         "{points1}: {team} segna la differenza, {points}.",
    "table.round_none": "Giro {number}: {team0} ha vinto {points0}, {team1} ha vinto "
                        "{points1}: nessuno segna.",
    "table.score": "Punteggio: {scores} (si gioca a {target})",
    "table.boxes": "Bonus di linea (box): {boxes} ({bonus} punti ciascuno a fine partita)",
    "table.extra_boxes": "Box extra: {boxes}",
    "table.pays": "A {payee} da {payer}: {stake} × {points} = {payment}.",
    "table.owes": "A {payee} da {payer}: {points} punti (nessuna posta per punto).",
    "table.resumed": "Riprendo la partita salvata in {path}, dal giro {round}.",
}
