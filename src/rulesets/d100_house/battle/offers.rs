//! What the house sheet offers a unit on its turn: a menu of the parts to call its next attack
//! at, a menu of the cherries its obsession earns, the dodge stance, its skill divided into
//! shares, and a fire on it put out with a roll.

use super::commands::HouseCommand;
use super::condition::{HouseCondition, house};
use super::shares::{divisible, even_shares};
use super::turn::{attack_to_come, division_open, dodge_stance_open};
use crate::battle::choices::{MenuItem, Offer, OfferMenu, Offers};
use crate::battle::state::Battle;
use crate::battle::{Condition, TurnState, UnitId};
use crate::rules::modifiers::signed;
use crate::rulesets::d100_house::cherries::CHERRIES;
use crate::rulesets::d100_house::cherries::Cherry;
use crate::rulesets::d100_house::firearms::SPEED;
use crate::rulesets::d100_house::{damage, dodge};

/// The house sheet's offers to `unit`, whose turn it is.
pub(super) fn offers(battle: &Battle, unit: UnitId) -> Offers {
    let Some(turn) = battle.flow().turn else {
        return Offers::default();
    };
    let condition = battle.condition(unit);
    let house = house(battle, unit);
    Offers {
        prompt: None,
        menus: [
            Some(call_shot_menu(unit, &turn, &house)),
            cherry_menu(battle, unit, &house),
        ]
        .into_iter()
        .flatten()
        .collect(),
        buttons: [dodge_stance(unit, &turn, (&condition, &house))]
            .into_iter()
            .chain(divisions(battle, unit, &turn, (&condition, &house)))
            .chain(quick_put_out(unit, &turn, (&condition, &house)))
            .collect(),
    }
}

/// The parts to call the turn's next attack at, open while an attack is still to come and
/// none is called.
fn call_shot_menu(unit: UnitId, turn: &TurnState, house: &HouseCondition) -> OfferMenu {
    let called = damage::CALLED;
    OfferMenu {
        id: "call shot",
        caption: None,
        shown: match house.called_shot {
            Some(part) => format!("Called: {}", part.words()),
            None => "Call shot".to_string(),
        },
        hint: format!(
            "Call your next attack at a part, at {}: its hits land there whatever the roll's \
             digits say (cover still hides what it hides)",
            signed(called.shift)
        ),
        open: house.called_shot.is_none() && attack_to_come(turn, house),
        items: called
            .parts
            .iter()
            .map(|part| MenuItem {
                label: part.words().to_string(),
                chosen: false,
                command: Some(HouseCommand::CallShot { unit, part: *part }.into()),
            })
            .collect(),
    }
}

/// Where the unit's obsession earns cherries, those the scenario allows it, to take on its
/// next matched blow in place of the damage; the pick kept until changed.
fn cherry_menu(battle: &Battle, unit: UnitId, house: &HouseCondition) -> Option<OfferMenu> {
    let terms = CHERRIES;
    let allowed = super::cherries::allowed(battle.spec(unit));
    if allowed.is_empty() {
        return None;
    }
    let words = |cherry: Option<Cherry>| cherry.map_or("the damage", |cherry| cherry.words());
    Some(OfferMenu {
        id: "cherry",
        caption: Some("On a match:".to_string()),
        shown: words(house.cherry).to_string(),
        hint: format!(
            "{} is your obsession: a matched blow may take a cherry in place of its damage. \
             Big Hurt: the roll as damage; More Hurt: a d{} more; New Damage: read again off a \
             fresh roll; Blind: {} for {} rounds; Dazed: a daze; Disarm; Knock Down; Kung Fu \
             Grip: hold at once; Monkey Dodge: the next attack at you goes to another; Second \
             Helping: one more blow at your whole skill",
            terms.obsession,
            terms.more_hurt_die,
            signed(terms.blind_shift),
            terms.blind_rounds
        ),
        open: true,
        items: std::iter::once(None)
            .chain(allowed.iter().copied().map(Some))
            .map(|cherry| MenuItem {
                label: words(cherry).to_string(),
                chosen: house.cherry == cherry,
                command: (house.cherry != cherry)
                    .then_some(HouseCommand::PickCherry { unit, cherry }.into()),
            })
            .collect(),
    })
}

/// The dodge stance: open while the unit holds none and is not holding anyone, before its
/// action or after its attack.
fn dodge_stance(unit: UnitId, turn: &TurnState, state: (&Condition, &HouseCondition)) -> Offer {
    let shift = signed(dodge::DODGING_TOO);
    let hint = if turn.attacks_made > 0 {
        format!(
            "Hold a dodge until your next turn, at {shift} since you attacked: a bullet you dodge \
             does only its digit sum, a blow nothing; a critical or matched dodge stops anything \
             but a matched hit, and a critical hit cannot be dodged"
        )
    } else {
        format!(
            "Hold a dodge until your next turn: a bullet you dodge does only its digit sum, a \
             blow nothing; a critical or matched dodge stops anything but a matched hit, and a \
             critical hit cannot be dodged. An attack after it this turn takes {shift}"
        )
    };
    Offer {
        label: "Dodge".to_string(),
        hint,
        open: dodge_stance_open(turn, state),
        command: HouseCommand::DodgeStance { unit }.into(),
    }
}

/// The skill divided evenly into each number of shares the rulebook allows ("Divide 2"), open
/// before the turn's first attack.
fn divisions(
    battle: &Battle,
    unit: UnitId,
    turn: &TurnState,
    (condition, house): (&Condition, &HouseCondition),
) -> Vec<Offer> {
    let state = (&battle.vitals(unit), condition, &battle.arsenal(unit));
    let Some((whole, most)) = divisible(&battle.scenario, unit, state, house) else {
        return Vec::new();
    };
    let open = division_open(turn, house);
    (2..=most)
        .map(|count| (count, even_shares(whole, count)))
        .take_while(|(_, shares)| !shares.contains(&0))
        .map(|(count, shares)| {
            let words = shares
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" + ");
            Offer {
                label: format!("Divide {count}"),
                hint: format!(
                    "Divide the skill ({whole} with your shifts) into {count} attacks this \
                     turn: {words}, each rolled at its share with its own shifts"
                ),
                open,
                command: HouseCommand::DivideSkill { unit, shares }.into(),
            }
        })
        .collect()
}

/// Where the unit is alight, a roll (Speed) to put the fire out and still act: open before
/// its action, once a turn.
fn quick_put_out(
    unit: UnitId,
    turn: &TurnState,
    (condition, house): (&Condition, &HouseCondition),
) -> Option<Offer> {
    condition.burning?;
    let characteristic = SPEED.characteristic.0;
    Some(Offer {
        label: format!("Put out on {characteristic}"),
        hint: format!(
            "Roll {characteristic} to put the fire out and still act: made, you may attack or \
             dodge this turn, not both; failed, it burns on (once a turn)"
        ),
        open: !turn.action_used && !turn.action_forfeited() && !house.put_out_this_turn,
        command: HouseCommand::PutOutQuickly { unit }.into(),
    })
}
