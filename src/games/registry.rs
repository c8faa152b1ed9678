//! The registry: [`games!`] turns the one list of games in `games/mod.rs`
//! into everything that names a game — the game modules, [`GameKind`],
//! the payload enums the log stores, [`MatchState`] and every dispatch
//! over them — so that nothing else in the crate chooses by game.
//!
//! The payload enums are stored with bincode, which encodes a variant by
//! its index: the list's order is the variants' order, and a new game goes
//! last. Each dispatch asks the game through its [`Game`](super::Game)
//! (rules) and [`Plug`](super::Plug) (the rest) implementations; inside the
//! generated code, `each_state!` and `each_kind!` run one expression per
//! game with `G` naming the game's type.
//!
//! Must not import anything from `log/`, `web/`, `import/` or `verify.rs`.

/// Declares the games: `games! { module::Type => Variant = "slug", … }`,
/// each entry optionally under attributes (`#[cfg(test)]` for a game only
/// the tests know); the slug is the game's short name on the command line
/// and in addresses, and its `GameKind` serde name. See the module doc.
macro_rules! games {
    (@with ($d:tt) $(
        $(#[$attr:meta])* $module:ident :: $game:ident => $variant:ident = $slug:literal
    ),+ $(,)?) => {
        $( $(#[$attr])* pub mod $module; )+

        /// `$body` for the game of a [`MatchState`], with `G` the game's
        /// type and `$m` its state.
        macro_rules! each_state {
            ($d state:expr, $d m:ident => $d body:expr) => {
                match $d state {
                    $( $(#[$attr])* MatchState::$variant($d m) => {
                        type G = $module::$game;
                        $d body
                    } )+
                }
            };
        }

        /// `$body` for a [`GameKind`], with `G` the game's type.
        macro_rules! each_kind {
            ($d kind:expr => $d body:expr) => {
                match $d kind {
                    $( $(#[$attr])* GameKind::$variant => {
                        type G = $module::$game;
                        $d body
                    } )+
                }
            };
        }

        /// The games arbiter knows.
        #[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum GameKind {
            $( $(#[$attr])* $variant, )+
        }

        impl GameKind {
            pub const ALL: [GameKind; [$( $(#[$attr])* GameKind::$variant, )+].len()] =
                [$( $(#[$attr])* GameKind::$variant, )+];

            /// The game's short name, as on the command line (`rush-hour`).
            pub fn slug(self) -> &'static str {
                match self {
                    $( $(#[$attr])* GameKind::$variant => $slug, )+
                }
            }

            /// The game's name as people write it.
            pub fn title(self) -> &'static str {
                each_kind!(self => <G as Plug>::TITLE)
            }

            /// The game's rules as written, in Markdown.
            pub fn rules(self) -> &'static str {
                each_kind!(self => <G as Plug>::RULES)
            }

            /// How the step page names a proof's sub-steps.
            pub fn proof_steps(self) -> ProofSteps {
                each_kind!(self => <G as Plug>::PROOF_STEPS)
            }

            pub fn from_slug(s: &str) -> Option<GameKind> {
                GameKind::ALL.into_iter().find(|g| g.slug() == s)
            }

            /// A fresh match's options, as the rules' defaults.
            pub fn default_config(self) -> GameConfig {
                match self {
                    $( $(#[$attr])* GameKind::$variant => GameConfig::$variant(Default::default()), )+
                }
            }

            /// Whether a match is played in rounds (see [`Plug::IN_ROUNDS`]).
            pub fn in_rounds(self) -> bool {
                each_kind!(self => G::IN_ROUNDS)
            }

            /// Whether arbiter reads this game's chat.
            pub fn reads_chat(self) -> bool {
                each_kind!(self => G::CHAT.is_some())
            }

            /// What a host's message says (see [`ChatReaders::host`]).
            pub fn read_host(self, text: &str, ctx: &ChatContext) -> Vec<chat::Reading> {
                each_kind!(self => G::CHAT.map_or_else(Vec::new, |c| (c.host)(text, ctx)))
            }

            /// What a player's message says (see [`ChatReaders::player`]).
            pub fn read_player(self, text: &str, seat: usize, ctx: &ChatContext) -> Vec<chat::Reading> {
                each_kind!(self => G::CHAT.map_or_else(Vec::new, |c| (c.player)(text, seat, ctx)))
            }

            /// The event that opens a round (see [`ChatReaders::open`]).
            pub fn open(self, opening: &chat::Opening, ctx: &ChatContext) -> Result<Body, String> {
                match each_kind!(self => G::CHAT) {
                    Some(c) => (c.open)(opening, ctx),
                    None => Err(format!("arbiter cannot read {} chat", self.title())),
                }
            }

            /// See [`Plug::opens_before`].
            pub fn opens_before(self, body: &Body) -> bool {
                each_kind!(self => G::opens_before(body))
            }

            /// A payload event of this game in its own notation.
            fn describe(self, body: &Body) -> Option<String> {
                each_kind!(self => G::event(body).and_then(|e| G::describe(&e)))
            }
        }

        /// How the registry finds one game's payloads in the closed enums.
        trait Registered: Plug {
            /// The game's kind.
            const KIND: GameKind;

            /// A body as this game's [`Event`]: its own payloads, or the
            /// generic events; `None` for a payload of another game or a
            /// Create.
            fn event(body: &Body) -> Option<Event<'_, Self>>;
        }

        $( $(#[$attr])* impl Registered for $module::$game {
            const KIND: GameKind = GameKind::$variant;
            fn event(body: &Body) -> Option<Event<'_, Self>> {
                Some(match body {
                    Body::RoundStart(RoundSetup::$variant(x)) => Event::RoundStart(x),
                    Body::Place(Placement::$variant(x)) => Event::Place(x),
                    Body::Claim(Claim::$variant(x)) => Event::Claim(x),
                    Body::Challenge(Challenge::$variant(x)) => Event::Challenge(x),
                    Body::Proof(Proof::$variant(x)) => Event::Proof(x),
                    other => return generic_event(other),
                })
            }
        } )+

        games!(@payload GameConfig, Config, "A match's options, per game."; $( $(#[$attr])* $variant: $module::$game ),+);
        games!(@payload RoundSetup, Setup, "What opens a round, per game."; $( $(#[$attr])* $variant: $module::$game ),+);
        games!(@payload Placement, Place, "A placement, per game."; $( $(#[$attr])* $variant: $module::$game ),+);
        games!(@payload Claim, Claim, "A claim, per game."; $( $(#[$attr])* $variant: $module::$game ),+);
        games!(@payload Challenge, Challenge, "A challenge, per game."; $( $(#[$attr])* $variant: $module::$game ),+);
        games!(@payload Proof, Proof, "A proof, per game."; $( $(#[$attr])* $variant: $module::$game ),+);

        impl Proof {
            /// Joins a proof posted over two messages into one (see
            /// [`Plug::join_proofs`]); `false` when the two cannot be
            /// joined, or are of two games.
            pub fn join(&mut self, more: &Proof) -> bool {
                match (self, more) {
                    $( $(#[$attr])* (Proof::$variant(a), Proof::$variant(b)) => {
                        <$module::$game as Plug>::join_proofs(a, b)
                    } )+
                    #[allow(unreachable_patterns)]
                    _ => false,
                }
            }
        }

        /// The state of a match of any game.
        #[derive(Clone, Debug, Serialize)]
        #[serde(rename_all = "snake_case")]
        pub enum MatchState {
            $( $(#[$attr])* $variant(<$module::$game as Game>::State), )+
        }

        impl MatchState {
            /// The state after the Create event.
            pub fn start(create: &Create, at: DateTime<Utc>) -> Result<MatchState, RuleError> {
                let players = check_players(&create.players)?;
                match &create.config {
                    $( $(#[$attr])* GameConfig::$variant(c) => {
                        <$module::$game as Game>::start(c, Created { players, at }).map(MatchState::$variant)
                    } )+
                }
            }

            pub fn game(&self) -> GameKind {
                match self {
                    $( $(#[$attr])* MatchState::$variant(_) => GameKind::$variant, )+
                }
            }

            /// Applies one event of the match's log (any body but Create).
            pub fn apply(&mut self, body: &Body, stamp: $crate::games::Stamp<'_>) -> $crate::games::Noted {
                each_state!(self, m => apply_to::<G>(m, body, stamp))
            }

            /// What a page draws for this state.
            pub fn view(&self) -> View {
                each_state!(self, m => G::view(m))
            }

            /// See [`Plug::analysis`].
            pub fn analysis(&self) -> Option<Analysis> {
                each_state!(self, m => G::analysis(m))
            }

            /// See [`Plug::analysis_note`].
            pub fn analysis_note(&self) -> Option<AnalysisNote> {
                each_state!(self, m => G::analysis_note(m))
            }

            /// The move `analysis` (this state's) rates best, drawn over
            /// this state's board; `None` when there is no move or the
            /// game does not draw moves.
            pub fn best_move_mark(&self, analysis: &Analysis) -> Option<MoveMark> {
                let name = &analysis.best_move()?.name;
                each_state!(self, m => G::move_mark(m, name))
            }

            /// See [`Plug::findings`].
            pub fn findings(&self, limit: Option<std::time::Duration>) -> Vec<Finding> {
                each_state!(self, m => G::findings(m, limit))
            }

            /// See [`Plug::in_play`].
            pub fn in_play(&self) -> bool {
                each_state!(self, m => G::in_play(m))
            }

            /// See [`Plug::started`].
            pub fn started(&self) -> bool {
                each_state!(self, m => G::started(m))
            }

            /// See [`Plug::last_loser`].
            pub fn last_loser(&self) -> Option<usize> {
                each_state!(self, m => G::last_loser(m))
            }

            /// See [`Plug::reserves`].
            pub fn reserves(&self) -> Option<[i64; 2]> {
                each_state!(self, m => G::reserves(m))
            }

            /// See [`Plug::reserve_follows`].
            pub fn reserve_follows(&self) -> bool {
                each_state!(self, m => G::reserve_follows(m))
            }

            /// See [`Plug::rounds_by_rules`].
            pub fn rounds_by_rules(&self) -> Option<RoundsByRules> {
                each_state!(self, m => G::rounds_by_rules(m))
            }

            /// See [`Plug::board_evidence`].
            pub fn board_evidence(&self, text: &str) -> Option<Result<Vec<String>, String>> {
                each_state!(self, m => G::board_evidence(m, text))
            }

            /// See [`Plug::doubts`].
            pub fn doubts(&self) -> Vec<(u64, String)> {
                each_state!(self, m => G::doubts(m))
            }

            /// See [`Plug::settle`]: `body` as read from a message by the
            /// player in `seat`, completed by this match so far.
            pub fn settle(&self, body: Body, text: &str, seat: usize, players: &[String]) -> Body {
                each_state!(self, m => G::settle(body, text, seat, m, players))
            }

            /// The game's series over a match, as an empty fold (see
            /// [`Plug::chart`]); `None` for a game without one.
            pub fn chart(&self, limit: Option<std::time::Duration>) -> Option<Charting> {
                match self {
                    $( $(#[$attr])* MatchState::$variant(_) => {
                        <$module::$game as Plug>::chart(limit).map(Charting::$variant)
                    } )+
                }
            }
        }

        /// One game's series fold (see [`Plug::chart`]), for the match
        /// whose first state picked it.
        #[derive(Clone, Debug)]
        pub enum Charting {
            $( $(#[$attr])* $variant(Box<dyn series::Chart<<$module::$game as Game>::State>>), )+
        }

        impl Charting {
            /// Folds step `k`; a state of another game (which cannot follow
            /// in one match) is passed over.
            pub fn step(&mut self, k: usize, state: &MatchState) {
                match (self, state) {
                    $( $(#[$attr])* (Charting::$variant(f), MatchState::$variant(m)) => f.step(k, m), )+
                    #[allow(unreachable_patterns)]
                    _ => {}
                }
            }

            /// The series so far.
            pub fn series(&self) -> &series::Series {
                match self {
                    $( $(#[$attr])* Charting::$variant(f) => f.series(), )+
                }
            }
        }

        /// How many times solved tables arrived since the process started
        /// (built in the background or found saved), over every game:
        /// anything derived from analyses and kept is stale once this
        /// moves.
        pub fn analysis_generation() -> u64 {
            GameKind::ALL
                .into_iter()
                .map(|g| each_kind!(g => G::analysis_generation()))
                .sum()
        }

        /// A game payload event in the game's own notation; `None` for the
        /// events every game shares.
        pub fn describe_payload(body: &Body) -> Option<String> {
            payload_game(body)?.describe(body)
        }
    };
    (@payload $name:ident, $assoc:ident, $doc:literal; $(
        $(#[$attr:meta])* $variant:ident : $module:ident :: $game:ident
    ),+) => {
        #[doc = $doc]
        #[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum $name {
            $( $(#[$attr])* $variant(<<$module::$game as Game>::Payloads as PayloadTypes>::$assoc), )+
        }

        impl $name {
            pub fn game(&self) -> GameKind {
                match self {
                    $( $(#[$attr])* $name::$variant(_) => GameKind::$variant, )+
                }
            }
        }
    };
    ($($list:tt)*) => {
        // `$` handed down as a token, so the expansion can define the
        // `each_*` macros with their own `$` parameters.
        games!(@with ($) $($list)*);
    };
}

#[cfg(test)]
mod tests {
    use crate::games::GameKind;

    /// A game's slug is its name in stored JSON too: the two must agree.
    #[test]
    fn a_slug_is_the_serde_name_and_finds_its_game() {
        for game in GameKind::ALL {
            let json = serde_json::to_string(&game).unwrap();
            assert_eq!(json, format!("\"{}\"", game.slug()), "{game:?}");
            assert_eq!(GameKind::from_slug(game.slug()), Some(game));
        }
    }

    /// Options written by a person are checked by name: a misspelt or
    /// unknown one is refused, never silently replaced by the default.
    #[test]
    fn a_config_with_an_unknown_option_is_refused() {
        use crate::games::GameConfig;
        for game in GameKind::ALL {
            let config = serde_json::to_value(game.default_config()).unwrap();
            let back: GameConfig = serde_json::from_value(config.clone()).unwrap();
            assert_eq!(back, game.default_config(), "{game:?}");
            let mut wrong = config;
            let options = wrong.as_object_mut().unwrap().values_mut().next().unwrap();
            options
                .as_object_mut()
                .unwrap()
                .insert("n".into(), serde_json::json!(7));
            let refused = serde_json::from_value::<GameConfig>(wrong).unwrap_err();
            assert!(
                refused.to_string().contains("unknown field `n`"),
                "{game:?}: {refused}"
            );
        }
    }
}
