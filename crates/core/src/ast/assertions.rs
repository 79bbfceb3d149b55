//! `expect` and `claim` lines as written: the figure, the relation, the
//! table of a session (`at`) and the settings (`with`).

use serde::{Deserialize, Serialize};

use super::{Ident, Number, Setting, Span};

/// `expect quantity relation [at ...] [with ...]`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExpectDecl {
    pub quantity: Quantity,
    pub relation: Relation,
    /// The table a figure of a session holds at.
    pub at: Option<At>,
    /// The setting the line holds at; `None`: the run's.
    pub with: Option<With>,
    pub span: Span,
}

/// `claim quantity relation [at ...] [with ...] "text"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClaimDecl {
    pub quantity: Quantity,
    pub relation: Relation,
    /// The table a figure of a session holds at.
    pub at: Option<At>,
    /// The setting the line holds at; `None`: the run's.
    pub with: Option<With>,
    pub text: String,
    pub span: Span,
}

/// `with decks = 6, tie_odds = 7`: the values of parameters an `expect` or
/// a `claim` holds at, in the order written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct With {
    pub settings: Vec<WithSetting>,
    pub span: Span,
}

/// `decks = 6` in a `with`: a parameter and its value, as `--set` takes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WithSetting {
    pub name: Ident,
    pub value: Setting,
    /// The value as written (`6`, `7.5`, `infinite`), for printing.
    pub text: String,
    /// The whole `NAME = VALUE`.
    pub span: Span,
    /// The value alone.
    pub value_span: Span,
}

/// `at seats = 4, rounds = 4, stakes = [2, 1, 1, 1]`: the table a figure
/// of a session holds at, its settings in the order written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct At {
    pub settings: Vec<AtSetting>,
    pub span: Span,
}

/// `seats = 4` or `stakes = [2, 1]` in an `at`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AtSetting {
    pub name: Ident,
    /// The value: one number, or the numbers of a list.
    pub values: Vec<u64>,
    /// Whether it was written as a list (`[2]` is a list of one).
    pub list: bool,
    /// The whole `NAME = VALUE`.
    pub span: Span,
    /// The value alone.
    pub value_span: Span,
}

/// `house_edge(player)`, `ruin(1)`, `tenure`: a figure of the report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Quantity {
    pub func: Ident,
    /// The arguments: `strategy(action, draw, 5)` has `action`, `draw`
    /// and `5`; `tenure` has none.
    pub args: Vec<QuantityArg>,
    pub span: Span,
}

impl Quantity {
    /// The first argument where it is a name: the bet of `house_edge(player)`.
    pub fn first_name(&self) -> Option<&Ident> {
        match self.args.first() {
            Some(QuantityArg::Name(n)) => Some(n),
            _ => None,
        }
    }
}

/// An argument of a quantity.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum QuantityArg {
    Name(Ident),
    Int { value: i64, span: Span },
}

impl QuantityArg {
    pub fn span(&self) -> Span {
        match self {
            QuantityArg::Name(i) => i.span,
            QuantityArg::Int { span, .. } => *span,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RelOp {
    Approx,
    Eq,
    Lt,
    Le,
    Gt,
    Ge,
}

impl RelOp {
    pub fn symbol(self) -> &'static str {
        match self {
            RelOp::Approx => "~",
            RelOp::Eq => "=",
            RelOp::Lt => "<",
            RelOp::Le => "<=",
            RelOp::Gt => ">",
            RelOp::Ge => ">=",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Relation {
    pub op: RelOp,
    pub value: Number,
    pub tolerance: Option<Number>,
    pub span: Span,
}
