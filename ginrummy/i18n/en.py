"""English messages. Keys and placeholders must match :mod:`ginrummy.i18n.it` exactly."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # ------------------------------------------------------------ words
    "word.and": "and",
    "word.yes": "yes",
    "word.no": "no",
    "word.none": "none",
    "count.cards.one": "{count} card",
    "count.cards.other": "{count} cards",
    # ------------------------------------------------------------ the game
    "game.title": "Gin Rummy: the first to {target} points wins.",
    "game.opponent": "Your opponent: {name}, level {level}.",
    "game.client_seed": "Your seed for the deals: {seed} (provably fair: it goes into every "
                        "deck; choose your own with --client-seed).",
    "game.fair_commitment": "Hand {number}: the deck is committed to {commitment} (server "
                            "seed still secret), with your seed {seed}.",
    "game.fair_reveal": "Hand {number}: the server seed was {server_seed}; its SHA-256 is the "
                        "commitment shown before the deal.",
    "game.bad_client_seed": "gin play: --client-seed: {problem}",
    "game.cut": "The cut: {cut}.",
    "game.commands": "At any prompt: 'help' for the moves, 'hint' for a suggestion, 'quit' to "
                     "stop and save.",
    "game.resumed": "Resuming the game saved in {path}, at hand {hand}.",
    "game.resume_keeps": "A resumed game keeps its own rules, computer level and sequence of "
                         "decks.",
    "game.over": "Game over.",
    "game.stopped": "Game stopped.",
    "game.saved": "Game saved to {path}. To continue it: gin play --resume {path}",
    "game.saved_final": "Game record saved to {path}.",
    "game.save_failed": "Could not save the game to {path}: {error}",
    "game.resume_failed": "Cannot resume {path}: {error}",
    "game.you": "You",
    "game.computer": "Computer",
    "cut.round": "{name0} {card0}, {name1} {card1}",
    "cut.tie": " (a tie: cut again)",
    "cut.result": "the lower card deals: {name}",
    "cut.high_chooses": "the higher card chooses who deals: {name}",
    "cut.you_deal": "You deal the first hand.",
    "cut.you_let": "{name} deals the first hand.",
    "cut.other_deals": "{name} chooses to deal the first hand.",
    "cut.other_lets_you": "{name} lets you deal the first hand.",
    "prompt.cut_choice": "You cut the higher card: do you deal the first hand? "
                         "(y: I deal, n: {name} deals) ",
    "error.cut_choice": "Answer y to deal the first hand, or n to let {name} deal.",
    # ------------------------------------------------------------ the table
    "hand.header": "Hand {number}, dealer: {dealer}",
    "hand.resumed": "Hand {number} resumes, dealer: {dealer}",
    "hand.oklahoma_limit": "Upcard {card}: the knock limit of this hand is {limit}.",
    "hand.spade_double": "A spade upcard: this hand counts double.",
    "hand.opponent_cards": "{name}'s hand: {cards}",
    "table.line": "Stock {stock}   discard pile {top}{under}   knock limit {limit}",
    "table.under": " (under it {cards})",
    "table.opponent.one": "{name}: {count} card",
    "table.opponent.other": "{name}: {count} cards",
    "table.opponent_known": "; from the pile they took {cards}",
    "table.me": "{name}: {hand}",
    "table.deadwood": "(deadwood {count})",
    # ------------------------------------------------------------ prompts
    "prompt.first_upcard": "Take the upcard {card} (t) or pass (p)? ",
    "prompt.wall": "Two cards left in the stock: take {card} to knock (t) or pass (p)? ",
    "prompt.draw_stock_only": "You both passed: draw from the stock (s). ",
    "prompt.draw": "Draw from the stock (s) or take {card} (t)? ",
    "prompt.discard": "Discard a card: ",
    "prompt.discard_knock": "Discard a card, or knock ('knock', 'knock 7H', 'gin'): ",
    "prompt.discard_big_gin": "Discard, knock, or lay down a big gin ('big gin'): ",
    "prompt.arrangement": "Arrangement [1]: ",
    "prompt.defend": "Enter to accept, or 'm' to choose your own layoffs: ",
    "prompt.layoffs": "Cards to lay off (like 8H 9H), Enter for none: ",
    "help.text": (
        "Moves:\n"
        "  s            draw from the stock\n"
        "  t            take the top card of the discard pile\n"
        "  p            pass (the first upcard, or the last discard when two cards are left)\n"
        "  7H, 10h, TH  discard that card (suits: C clubs, D diamonds, H hearts, S spades)\n"
        "  knock        knock with the best discard; 'knock 7H' knocks discarding 7H\n"
        "  gin          go gin; 'big gin' where the rules allow it\n"
        "  moves        list the legal moves\n"
        "  hint         a suggestion, with its reason\n"
        "  quit         stop: the game is saved, and --resume continues it"
    ),
    "help.arrangement": "Type the number of the arrangement to lay out (Enter: the first, with "
                        "the least deadwood and the fewest layoffs); 'hint' suggests one.",
    "moves.list": "Possible moves: {moves}",
    "moves.discard": "discard {cards}",
    "moves.knock": "knock with {cards}",
    # ------------------------------------------------------------ moves
    "action.draw_stock": "draw from the stock",
    "action.take": "take the discard",
    "action.pass": "pass",
    "action.done": "done",
    "action.big_gin": "big gin",
    "action.meld": "lay out {cards}",
    "action.layoff": "lay off {card}",
    "action.knock": "knock with {card}",
    "action.discard": "discard {card}",
    "move.draw_stock": "{name} draws from the stock",
    "move.take": "{name} takes {card} from the discard pile",
    "move.pass": "{name} passes",
    "move.big_gin": "{name} lays down a big gin!",
    "move.done": "{name} has finished laying out",
    "move.meld": "{name} lays out {cards}",
    "move.layoff": "{name} lays off {card}",
    "move.knock": "{name} knocks, discarding face down",
    "move.discard": "{name} discards {card}",
    "you.draw_stock": "You draw {card} from the stock.",
    "you.take": "You take {card}.",
    "you.discard": "You discard {card}.",
    "you.knock": "You knock, discarding {card} face down.",
    "you.lay_out": "You lay out {melds} {loose}: deadwood {deadwood}.",
    "you.layoffs": "You lay off {cards}: deadwood {deadwood}.",
    # ------------------------------------------------------------ knocking and laying off
    "knock.choose": "Choose how to lay out your hand:",
    "knock.option": "  {number}. {melds} {loose}  deadwood {deadwood}; unseen cards the opponent "
                    "could lay off: up to {layable}",
    "defend.knock": "{name} knocks: {melds} {loose} (deadwood {deadwood})",
    "defend.gin": "{name} goes gin: {melds}",
    "defend.no_layoffs_gin": "No layoffs on gin: you lay out your melds, deadwood {deadwood}.",
    "defend.best": "Your best answer: lay off {cards}, leaving deadwood {deadwood}.",
    "defend.best_none": "Nothing to lay off: you lay out your melds, deadwood {deadwood}.",
    # ------------------------------------------------------------ results
    "outcome.knock": "knock",
    "outcome.gin": "gin",
    "outcome.big_gin": "big gin",
    "outcome.undercut": "undercut",
    "outcome.tie": "tie",
    "outcome.void": "void hand",
    "void.R21": "only two cards are left in the stock",
    "void.R22": "the last discard was not taken to knock",
    "void.R36": "too many turns without a draw from the stock",
    "void.pile_cap": "the discard pile was drawn from too often",
    "void.returned": "the same card was taken and thrown back twice in a row",
    "void.unknown": "{reason}",
    "result.void": "Void hand: {reason}. Nobody scores; the same dealer deals again.",
    "result.knocker": "{name}: knocked with deadwood {count}.",
    "result.knocker_gin": "{name}: gin!",
    "result.knocker_big_gin": "{name}: big gin, all eleven cards in melds!",
    "result.defender": "{name}: deadwood {count}.",
    "result.defender_layoffs": "{name}: deadwood {count} after laying off {cards}.",
    "result.outcome": "Result: {outcome}",
    "result.tie": "Equal counts: nobody scores.",
    "result.part.difference": "difference {value}",
    "result.part.bonus": "{outcome} bonus {value}",
    "result.multiplied": "({sum}) × {multiplier} for the spade upcard",
    "result.points": "Points to {name}: {sum} = {points}",
    "result.box": "Box: {name} +1, worth {bonus} points at the end of the game.",
    "result.extra_boxes.one": "Extra box: {name} +{count}.",
    "result.extra_boxes.other": "Extra boxes: {name} +{count}.",
    "score.line": "Score: {name0} {points0}, {name1} {points1} (playing to {target})",
    "score.boxes": "Boxes: {name0} {boxes0}, {name1} {boxes1} ({bonus} points each at the end)",
    "score.extra_boxes": "Extra boxes: {name0} {boxes0}, {name1} {boxes1}",
    "score.game_bonus": "Game bonus for reaching the target: {bonus}",
    # ------------------------------------------------------------ settlement
    "settle.hand_points": "hand points",
    "settle.boxes_rounds": "boxes (rounds won × {bonus})",
    "settle.boxes": "boxes (hands won × {bonus})",
    "settle.extra_boxes": "extra boxes (× {bonus})",
    "settle.game_bonus": "game bonus",
    "settle.shutout_bonus": "shutout (bonus doubled)",
    "settle.shutout_all": "shutout (score doubled)",
    "settle.final": "final total",
    "settle.in_progress": "Game in progress: no game bonus yet.",
    "settle.winner": "Winner: {name} ({reason}).",
    "settle.no_winner": "No winner: equal totals ({reason}).",
    "settle.margin_none": "Margin 0: nobody pays.",
    "settle.margin": "Margin {margin} (no stake per point).",
    "settle.payment": "Margin {margin}: {payer} pays {payee} {stake} × {margin} = {payment}.",
    "end.target": "target reached",
    "end.max_hands": "the hand limit was reached",
    "end.time_limit": "time is up",
    # ------------------------------------------------------------ errors
    "error.help": "Type 'help' for the moves, 'hint' for a suggestion.",
    "error.empty": "Type a move.",
    "error.unknown": "I don't understand '{text}'.",
    "error.not_card": "'{text}' is not a card: write the rank then the suit, like 7H, TD or 10S "
                      "(suits C D H S).",
    "error.not_in_hand": "You do not have {card}.",
    "error.just_taken": "You just took {card} from the discard pile: you cannot throw it back "
                        "this turn (R12).",
    "error.knock_over_limit": "Knocking with {card} leaves deadwood {count}, over the limit of "
                              "{limit}.",
    "error.cannot_knock": "You cannot knock: at best your deadwood is {count}, and the limit is "
                          "{limit}.",
    "error.cannot_gin": "No gin: at best deadwood {count} remains.",
    "error.cannot_big_gin": "Big gin needs all eleven cards in melds, and rules that allow it.",
    "error.draw_first": "First draw a card: from the stock (s) or the discard pile (t).",
    "error.discard_now": "You have drawn already: now discard a card (or knock).",
    "error.stock_only": "You both passed the upcard: now draw from the stock (R13).",
    "error.first_upcard": "First turn: take the upcard (t) or pass (p).",
    "error.wall_choice": "Take the last discard to knock (t) or pass (p).",
    "error.wall_no_knock": "That card would not let you knock: pass (R22).",
    "error.wall_must_knock": "You took the last discard only to knock: knock now (R22).",
    "error.wall_other_card": "You took {card} at the end of the stock: knock by discarding "
                             "another card (R22).",
    "error.not_now": "Not possible now. Possible moves: {moves}.",
    "error.arrangement_number": "Type a number from 1 to {count}, or Enter for 1.",
    "error.defend_choice": "Press Enter to accept, or type 'm' to choose the layoffs yourself.",
    "error.layoff_not_fit": "{cards}: cannot be laid off on {name}'s melds.",
    # ------------------------------------------------------------ hints
    "hint.recommend": "Hint: {move}",
    "hint.title": "Hint",
    "hint.compare": "Estimates: {options}",
    "hint.value.deadwood": "deadwood {deadwood}",
    "hint.value.expected_deadwood": "deadwood {deadwood} on average",
    "hint.value.points": "{points} points expected",
    "hint.value.win": "{percent}% to win the hand",
    "hint.value.unknown": "not estimated",
    "hint.note.risky": "risky: they took {took}",
    "hint.note.safe": "safer: they threw {threw}",
    "hint.discard_unconnected_high": "{card} is unconnected and high; your deadwood goes from "
                                     "{before} to {after}",
    "hint.discard_unconnected": "{card} goes with none of your cards; your deadwood goes from "
                                "{before} to {after}",
    "hint.discard_high": "{card} is a high card; your deadwood goes from {before} to {after}",
    "hint.discard_least": "discarding {card} leaves the least deadwood: from {before} down to "
                          "{after}",
    "hint.discard_thrown": "your opponent threw {threw} earlier, so {card} is unlikely to help "
                           "them",
    "hint.safer_than": "safer than {card}, which your opponent may need (they took {took})",
    "hint.wait_for_gin": "you could knock, but waiting for gin looks better: deadwood "
                         "{deadwood} for now",
    "hint.knock": "knock discarding {card}: you keep deadwood {deadwood}, within the limit of "
                  "{limit}",
    "hint.knock_opponent_took": "your opponent has taken {cards} from the pile, so their hand may "
                                "be close too: do not wait",
    "hint.gin": "discard {card} and go gin: all ten cards are in melds, {bonus} bonus points",
    "hint.big_gin": "all eleven cards are in melds: big gin, {bonus} bonus points",
    "action.take_card": "take the {card}",
    "hint.take_joins.after_take": "it goes into a meld and your deadwood goes from {before} to "
                                  "{after}",
    "hint.take_lowers.after_take": "it brings your deadwood down to {after}, better than the "
                                   "{expected} a stock card gives on average",
    "hint.take_joins": "{card} goes into a meld; your deadwood goes from {before} to {after}",
    "hint.take_lowers": "{card} brings your deadwood down to {after}, better than the {expected} "
                        "a stock card leaves on average",
    "hint.draw_stock": "{card} joins none of your melds; a stock card leaves deadwood {expected} "
                       "on average, against {after} with {card}",
    "hint.stock_over_meld": "{card} would join a meld, but taking it shows your hand; a stock "
                            "card leaves deadwood {expected} on average",
    "hint.draw_only": "you both passed the upcard, so you draw from the stock",
    "hint.pass_upcard": "{card} joins none of your melds: leave it",
    "hint.pass_meld": "{card} would join a meld, but taking it shows your hand; the stock leaves "
                      "deadwood {expected} on average",
    "hint.wall_take": "take {card}: it lets you knock now, before the hand is void",
    "hint.wall_pass": "pass: {card} gives you no knock, so the hand is void",
    "hint.arrange": "lay out {melds}: deadwood {deadwood}; unseen cards that could be laid off "
                    "on them: {layable}",
    "hint.arrange_number": "Hint: arrangement {number}: deadwood {deadwood}, with the fewest "
                           "cards to lay off ({layable}).",
    "hint.defend_gin": "no layoffs on gin: lay out your melds, deadwood {deadwood}",
    "hint.defend_layoff": "lay off {cards}: your deadwood goes from {before} to {after}",
    "hint.defend_none": "nothing to lay off: lay out your melds, deadwood {deadwood}",
    # ------------------------------------------------------------ rules
    "preset.standard": "Standard: the rules of the common online game, with no boxes and no "
                       "game bonus.",
    "preset.classic": "Classic: card-room rules, with boxes, a game bonus, and a shutout "
                      "doubling it.",
    "preset.modern": "Modern: classic scoring with 25 points for gin, undercut and each box.",
    "preset.lotoflaughs": "Lotoflaughs: 25-point bonuses and boxes, optional hand and time "
                          "limits.",
    "preset.oklahoma": "Oklahoma: the upcard sets the knock limit, a spade upcard doubles the "
                       "hand; played to 150.",
    "preset.oklahoma_online": "Oklahoma online: the upcard sets the knock limit, an ace allows "
                              "only gin; played to 150.",
    "preset.gra": "GRA: the Gin Rummy Association rules; you may throw back the card just taken.",
    "preset.openspiel": "OpenSpiel: the rules of OpenSpiel's gin_rummy, for comparisons.",
    "preset.custom": "Rules '{name}'.",
    "option.knock_limit": "knock limit",
    "option.knock_limit_oklahoma": "set by the upcard",
    "option.oklahoma": "Oklahoma (the upcard sets the limit)",
    "option.ace_upcard_gin_only": "ace upcard: gin only",
    "option.spade_double": "a spade upcard doubles the hand",
    "option.extra_boxes": "extra boxes for undercut and gin",
    "option.dealer_rule": "next dealer",
    "option.eleven_card_deal": "eleven cards to the non-dealer",
    "option.allow_discard_of_drawn_upcard": "may throw back the card just taken",
    "option.big_gin": "big gin",
    "option.gin_bonus": "gin bonus",
    "option.undercut_bonus": "undercut bonus",
    "option.big_gin_bonus": "big gin bonus",
    "option.undercut_on_tie": "undercut on equal counts",
    "option.fiftieth_card_action": "last discard only to knock",
    "fiftieth_card_action.off": "no (the hand is void)",
    "fiftieth_card_action.same_card": "yes, even discarding that same card face down",
    "fiftieth_card_action.different_card": "yes, after discarding a different card",
    "option.first_dealer": "first dealer",
    "first_dealer.low_cut_deals": "the lower cut deals",
    "first_dealer.high_cut_chooses": "the higher cut chooses who deals",
    "option.knocker_may_hide_melds": "the knocker may keep melds among its deadwood",
    "option.limit_awards_game_bonus": "at a hand or time limit the leader gets the game bonus",
    "option.max_turns_without_stock_draw": "turns without a stock draw before a void hand",
    "option.discard_pile_draw_limit": "draws allowed from the discard pile",
    "option.void_on_second_returned_discard": "void when a taken card is thrown back twice",
    "option.target": "target",
    "option.box_bonus": "box bonus",
    "option.game_bonus": "game bonus",
    "option.shutout_rule": "shutout",
    "option.max_hands": "most hands",
    "option.time_limit_minutes": "time limit (minutes)",
    "option.stake_per_point": "stake per point",
    "dealer_rule.loser": "the loser deals",
    "dealer_rule.winner": "the winner deals",
    "dealer_rule.alternate": "players take turns",
    "shutout_rule.none": "nothing extra",
    "shutout_rule.double_bonus": "game bonus doubled",
    "shutout_rule.double_all": "whole score doubled",
    # ------------------------------------------------------------ fairness (gin verify)
    "verify.hand_ok": "hand {number}: OK, the deck is the one committed to ({commitment}), and "
                      "every player's seed was given for that commitment, after it was shown",
    "verify.hand_ok_v1": "hand {number}: OK, the deck is the one committed to ({commitment}) "
                         "(version 1: the record cannot show that the seeds came after it)",
    "verify.problem.cut_mismatch": "the cut {cut} is not the one the first hand's server seed "
                                   "fixes ({expected})",
    "verify.problem.seed_claim": "--seed takes HAND=SEED, got {claim}",
    "verify.problem.seed_claim_hand": "--seed: there is no hand {number} (the record has {count})",
    "verify.problem.seed_not_used": "your seed {seed} is not among hand {number}'s seeds",
    "verify.hand_problem": "hand {number}: PROBLEM: {problem}",
    "verify.game_problem": "game: PROBLEM: {problem}",
    "verify.summary_ok.one": "The hand is fair: its deck is the one its commitment fixed, and "
                             "the game replays.",
    "verify.summary_ok.other": "All {count} hands are fair: each deck is the one its commitment "
                               "fixed, and the game replays.",
    "verify.summary_problem": "Not proved fair: {bad} of {count} hands have a problem.",
    "verify.summary_game": "Not proved fair: the game as a whole has a problem.",
    "verify.cannot_read": "gin verify: cannot read {path}: {error}",
    "verify.bad_record": "gin verify: {path}: {error}",
    "verify.problem.seat": "seat {seat}: {problem}",
    "verify.problem.version": "unknown deck derivation version {version} (this program knows "
                              "{known})",
    "verify.problem.commitment_format": "the commitment must be 64 lowercase hex digits (a "
                                        "SHA-256), got {value}",
    "verify.problem.commitment_mismatch": "the commitment {commitment} does not match the server "
                                          "seed, whose SHA-256 is {actual}",
    "verify.problem.server_seed_missing": "the server seed is not revealed",
    "verify.problem.server_seed_format": "the server seed must be 64 lowercase hex digits (32 "
                                         "bytes), got {value}",
    "verify.problem.client_seed_count": "there are {count} client seeds, but the game has {seats} "
                                        "seats",
    "verify.problem.client_seed_type": "a client seed is text or null, not {type}",
    "verify.problem.client_seed_length": "a client seed has 1 to {limit} characters, this one "
                                         "has {length}",
    "verify.problem.client_seed_character": "the client seed has a character that cannot be "
                                            "printed ({code})",
    "verify.problem.game_id_type": "the game id is text, not {type}",
    "verify.problem.game_id_length": "a game id has 1 to {limit} characters, this one has "
                                     "{length}",
    "verify.problem.game_id_character": "the game id has a character that cannot be printed "
                                        "({code})",
    "verify.problem.hand_number": "the hand number must be a whole number from 1 to {limit}, "
                                  "got {number}",
    "verify.problem.deck_cards": "the deck is not 52 different cards ({count} items)",
    "verify.problem.deck_mismatch": "the deck is not the derived one: {count} positions differ; "
                                    "at position {position} the deck has {card}, the derivation "
                                    "gives {expected}",
    "verify.problem.no_fair": "the hand has no fairness data (no commitment was recorded)",
    "verify.problem.revealed_early": "the server seed is revealed although the hand is not over",
    "verify.problem.not_over": "the hand is not over, so it cannot be checked yet",
    "verify.problem.game_id_differs": "the game id {game_id} differs from hand 1's ({first})",
    "verify.problem.seed_reused": "the server seed was already used in hand {other}",
    "verify.problem.replay": "the record does not replay: {error}",
    "verify.problem.no_hands": "the record has no hands",
    "verify.problem.not_finished": "the game is not finished",
    "verify.problem.no_deal": "the hand has fairness data but no deal number (a table game's "
                              "deck is derived from the deal number)",
    "verify.problem.deal_reused": "the deal number {deal} was already used in hand {other}",
    "table.computer": "Computer {number}",
    "table.partner": "Partner {number}",
    "table.opponent_name": "Opponent {number}",
    "table.team": "team {names}",
    "table.title_three": "Gin Rummy for three: the first to {target} points wins. The dealer "
                         "sits out; the loser of each hand deals the next.",
    "table.title_teams": "Gin Rummy in two teams of {size}: the first team to {target} points "
                         "wins. Partners play at different tables, against a new opponent "
                         "each round.",
    "table.players": "Players: {names}.",
    "table.teams": "Teams: {team0} against {team1}.",
    "table.cut": "The cut: {rounds}; {name} cut the lowest card ({card}).",
    "table.three_loser_rule": "With three players the loser of each hand deals the next: "
                              "the dealer rule '{rule}' of these rules does not apply.",
    "table.hand_header": "Hand {number}: {dealer} deals and sits out; {name0} against {name1}",
    "table.round_header": "Round {number}, table {table}: {name0} against {name1}, "
                          "dealer {dealer}",
    "table.resumed_hand": "(resumed)",
    "table.round_score": "Round {number}: {team0} won {points0}, {team1} won {points1}: "
                         "{team} scores the difference, {points}.",
    "table.round_none": "Round {number}: {team0} won {points0}, {team1} won {points1}: "
                        "nobody scores.",
    "table.score": "Score: {scores} (playing to {target})",
    "table.boxes": "Boxes: {boxes} ({bonus} points each at the end)",
    "table.extra_boxes": "Extra boxes: {boxes}",
    "table.pays": "To {payee} from {payer}: {stake} × {points} = {payment}.",
    "table.owes": "To {payee} from {payer}: {points} points (no stake per point).",
    "table.resumed": "Resuming the game saved in {path}, at round {round}.",
}
