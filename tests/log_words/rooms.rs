//! The log's words for the rulebooks' own events, each carried by `EventKind::Rulebook`.

use super::*;

/// One example of each of these kinds of event, and the words the log gives it.
pub(super) fn examples() -> Vec<(EventKind, &'static str)> {
    use EventKind as E;
    vec![
        (
            E::from(FrontierEvent::Declared {
                unit: ROSE,
                declaration: Declaration {
                    movement: DeclaredMove::Move,
                    act: DeclaredAct::Fire {
                        target: GHOUL,
                        shots: 2,
                    },
                    specific: Some(SpecificShot::Legs),
                    ..Declaration::default()
                },
            }),
            "Rose Whateley declares: moves · fires 2 shots at Ghoul of the Corbitt house at the \
             legs",
        ),
        (
            E::from(FrontierEvent::DeclarationLost {
                unit: WALTER,
                declaration: Declaration {
                    movement: DeclaredMove::Zigzag,
                    act: DeclaredAct::FirstAid { patient: DOYLE },
                    ..Declaration::default()
                },
            }),
            "Walter Corbitt Jr.'s declaration is lost, not carried out (zigzags · gives First Aid \
             to Father Doyle)",
        ),
        (
            E::from(FrontierEvent::Stumbled { unit: ROSE }),
            "Rose Whateley stumbles getting up: each foe within reach strikes once, free",
        ),
        (
            E::from(FrontierEvent::BleedingStopped {
                unit: ROSE,
                by: WALTER,
            }),
            "Walter Corbitt Jr. stops Rose Whateley's bleeding",
        ),
        (
            E::from(FrontierEvent::PainFelt {
                unit: ROSE,
                failure: PainFailure::FallAndDrop,
                dropped: Some(".38 Revolver".to_string()),
            }),
            "Rose Whateley falls in pain and drops the .38 Revolver: nothing more this round",
        ),
        (
            E::from(FrontierEvent::PainFelt {
                unit: ROSE,
                failure: PainFailure::NoAttacks,
                dropped: None,
            }),
            "Rose Whateley reels from the blow: no action this round",
        ),
        (
            E::from(FrontierEvent::ThroughMaterial {
                unit: ROSE,
                cover: "iron water tank".to_string(),
                faces: vec![7],
                stopped: 7,
            }),
            "The bullet goes through the iron water tank to Rose Whateley: 7 off its damage (dice 7)",
        ),
        (
            E::from(FrontierEvent::DownInPain { unit: ROSE }),
            "Rose Whateley is down in pain and does nothing this turn",
        ),
        (
            E::from(FrontierEvent::ShotInTheLegs { unit: ROSE }),
            "Rose Whateley is shot in the legs: no further than a zigzag for the rest of the fight",
        ),
        (
            E::from(FrontierEvent::PainMastered { unit: ROSE }),
            "Rose Whateley masters the pain",
        ),
        (
            E::from(FrontierEvent::WoundLocated {
                unit: ROSE,
                weapon: ".38 Revolver".to_string(),
                die: 78,
                part: BodyPart::RightArm,
            }),
            "Rose Whateley's wound from the .38 Revolver is in the right arm (d100 78)",
        ),
        (
            EventKind::from(HouseEvent::HitLocated {
                unit: WALTER,
                target: ROSE,
                roll: 37,
                flipped: 73,
                part: BodyPart::RightLeg,
                called: false,
            }),
            "Walter Corbitt Jr.'s hit on Rose Whateley lands in the right leg: 37 flips to 73",
        ),
        (
            EventKind::from(HouseEvent::HitLocated {
                unit: WALTER,
                target: ROSE,
                roll: 1,
                flipped: 10,
                part: BodyPart::Head,
                called: false,
            }),
            "Walter Corbitt Jr.'s hit on Rose Whateley lands in the head: 01 flips to 10",
        ),
        (
            EventKind::from(HouseEvent::HitLocated {
                unit: WALTER,
                target: ROSE,
                roll: 35,
                flipped: 53,
                part: BodyPart::Head,
                called: true,
            }),
            "Walter Corbitt Jr.'s called shot on Rose Whateley lands in the head",
        ),
        (
            EventKind::from(HouseEvent::ShotCalled {
                unit: WALTER,
                part: BodyPart::Head,
                shift: -20,
            }),
            "Walter Corbitt Jr. calls its next attack at the head (−20)",
        ),
        (
            EventKind::from(HouseEvent::PartCovered {
                unit: ROSE,
                part: BodyPart::RightLeg,
                cover: "steel washer".to_string(),
                stopped: true,
            }),
            "The steel washer covers Rose Whateley's right leg: the bullet is stopped",
        ),
        (
            EventKind::from(HouseEvent::PartCovered {
                unit: ROSE,
                part: BodyPart::Torso,
                cover: "folding table".to_string(),
                stopped: false,
            }),
            "The folding table covers Rose Whateley's torso: only the digit sum gets through",
        ),
        (
            EventKind::from(HouseEvent::Crippled {
                unit: ROSE,
                part: BodyPart::LeftLeg,
                tally: 31,
                dropped: None,
            }),
            "Rose Whateley's left leg is crippled (31 taken there)",
        ),
        (
            EventKind::from(HouseEvent::Crippled {
                unit: ROSE,
                part: BodyPart::RightArm,
                tally: 40,
                dropped: Some(".38 Revolver".to_string()),
            }),
            "Rose Whateley's right arm is crippled (40 taken there) and drops the .38 Revolver",
        ),
        (
            E::from(FrontierEvent::Bled {
                unit: ROSE,
                loss: 1,
            }),
            "Rose Whateley bleeds 1",
        ),
        (
            EventKind::from(HouseEvent::Dazed {
                unit: ROSE,
                until_round: 4,
            }),
            "Rose Whateley is dazed until round 4 ends",
        ),
        (
            E::Rulebook(RulebookEvent::new(HouseEvent::BoltTooSlow {
                unit: ROSE,
                weapon: "Hunting rifle".to_string(),
            })),
            "Rose Whateley cannot work the Hunting rifle's bolt in time: the shot is lost",
        ),
        (
            EventKind::from(HouseEvent::KnockedDown { unit: ROSE }),
            "Rose Whateley is knocked down: to the back of the queue, its next turn spent getting \
             up",
        ),
        (
            EventKind::from(HouseEvent::Wrestled {
                unit: ROSE,
                against: WALTER,
                goal: ManeuverGoal::Hold,
                won: true,
            }),
            "Rose Whateley struggles to seize and hold Walter Corbitt Jr.: done",
        ),
        (
            EventKind::from(HouseEvent::CutOnTheBlade {
                unit: ROSE,
                weapon: "Machete".to_string(),
            }),
            "Rose Whateley is cut going for the Machete",
        ),
        (
            EventKind::from(HouseEvent::Thrown {
                unit: WALTER,
                by: ROSE,
                to: Some(Tile { x: 4, y: 5 }),
            }),
            "Rose Whateley throws Walter Corbitt Jr. to (4, 5)",
        ),
        (
            EventKind::from(HouseEvent::ExecutionTried {
                unit: ROSE,
                target: WALTER,
                skill: "Firearms".to_string(),
                killed: false,
            }),
            "Rose Whateley tries to execute Walter Corbitt Jr. (Firearms): failed, the damage still \
             lands",
        ),
        (
            EventKind::from(HouseEvent::ShieldHit {
                unit: WALTER,
                holder: ROSE,
                part: gridkeeper::rules::body::BodyPart::Torso,
            }),
            "Walter Corbitt Jr. takes the hit meant for Rose Whateley's torso, held as a human \
             shield",
        ),
        (
            EventKind::from(HouseEvent::ForcedToLetGo {
                unit: ROSE,
                taken: 26,
            }),
            "Rose Whateley has taken 26 this round and lets go",
        ),
        (
            EventKind::from(HouseEvent::LetGoInStride {
                unit: ROSE,
                kept_action: true,
            }),
            "Rose Whateley lets go in stride, an action still to take",
        ),
        (
            EventKind::from(HouseEvent::CherryPicked {
                unit: ROSE,
                cherry: Some(Cherry::KungFuGrip),
            }),
            "Rose Whateley will take Kung Fu Grip on a matched blow",
        ),
        (
            EventKind::from(HouseEvent::CherryPicked {
                unit: ROSE,
                cherry: None,
            }),
            "Rose Whateley will take the damage on a matched blow",
        ),
        (
            EventKind::from(HouseEvent::CherryTaken {
                unit: ROSE,
                target: WALTER,
                cherry: Cherry::KnockDown,
            }),
            "Matched: Rose Whateley takes Knock Down on Walter Corbitt Jr. in place of the damage",
        ),
        (
            EventKind::from(HouseEvent::CherryTaken {
                unit: ROSE,
                target: WALTER,
                cherry: Cherry::MoreHurt,
            }),
            "Matched: Rose Whateley takes More Hurt on Walter Corbitt Jr.",
        ),
        (
            EventKind::from(HouseEvent::Blinded {
                unit: WALTER,
                until_round: 3,
            }),
            "Walter Corbitt Jr. is blinded until round 3 ends",
        ),
        (
            EventKind::from(HouseEvent::MonkeyDodged {
                unit: ROSE,
                attacker: GHOUL,
                to: DOYLE,
            }),
            "Rose Whateley's Monkey Dodge turns Ghoul of the Corbitt house's attack on Father Doyle",
        ),
        (
            E::from(BrpEvent::KnockedOut {
                unit: ROSE,
                dice: vec![die(6, 3), die(6, 4)],
                until_round: 9,
            }),
            "Rose Whateley is out cold for 7 rounds [2D6: 3 4], until round 9 ends",
        ),
        (
            E::from(CocEvent::ArmorTried {
                unit: ROSE,
                armor: "Heavy leather jacket".to_string(),
                location: Some((die(20, 2), BodyPart::RightLeg)),
                covered: false,
            }),
            "It lands on Rose Whateley's right leg [1D20: 2]: the Heavy leather jacket does not \
             cover it",
        ),
        (
            E::from(CocEvent::ArmorTried {
                unit: ROSE,
                armor: "Heavy leather jacket".to_string(),
                location: None,
                covered: true,
            }),
            "Rose Whateley's Luck: the Heavy leather jacket takes it",
        ),
        (
            E::from(CocEvent::LuckSpent {
                unit: ROSE,
                points: 4,
                left: 41,
            }),
            "Rose Whateley spends 4 Luck to stay conscious (41 left)",
        ),
        (
            E::from(PoolEvent::Swept {
                unit: WALTER,
                width: 3,
                caught: vec![GHOUL, ROSE],
            }),
            "Walter Corbitt Jr. sweeps a line 3 tiles wide: one roll for Ghoul of the Corbitt house and Rose Whateley",
        ),
        (
            E::from(PoolEvent::DodgedArea {
                unit: ROSE,
                made_it: true,
                blast: true,
            }),
            "Rose Whateley dodges the blast",
        ),
        (
            E::from(PoolEvent::DodgedArea {
                unit: ROSE,
                made_it: false,
                blast: false,
            }),
            "Rose Whateley's dodge of the sweep nets nothing",
        ),
        (
            E::from(CocEvent::Hindered { unit: GHOUL }),
            "Ghoul of the Corbitt house is hampered: a penalty die until its next turn ends",
        ),
        (
            E::from(CocEvent::Exposed { unit: GHOUL }),
            "Ghoul of the Corbitt house is left open: a bonus die to its enemies this round",
        ),
        (
            E::from(CocEvent::Dived {
                unit: DOYLE,
                made_it: true,
            }),
            "Father Doyle dives for cover: harder to hit",
        ),
        (
            E::from(PoolEvent::Scarred {
                unit: ROSE,
                severity: 4,
            }),
            "Rose Whateley will carry a scar from that injury of 4",
        ),
        (
            E::from(PoolEvent::Evading {
                unit: ROSE,
                pool: 2,
            }),
            "Rose Whateley evades: 2 successes to take off blows until the next turn",
        ),
        (
            EventKind::from(HouseEvent::DodgeStanceTaken {
                unit: ROSE,
                shift: Some(-30),
            }),
            "Rose Whateley takes a dodge stance after attacking: −30 on its dodges until its \
             next turn",
        ),
        (
            EventKind::from(HouseEvent::DodgeStanceTaken {
                unit: ROSE,
                shift: None,
            }),
            "Rose Whateley takes a dodge stance until its next turn (an attack this turn takes \
             the shift)",
        ),
        (
            EventKind::from(HouseEvent::Grazed {
                unit: ROSE,
                target: GHOUL,
                weapon: "Knife".to_string(),
            }),
            "Rose Whateley's Knife misses but still grazes Ghoul of the Corbitt house",
        ),
        (
            EventKind::from(HouseEvent::SkillDivided {
                unit: ROSE,
                whole: 50,
                shares: vec![20, 20, 10],
            }),
            "Rose Whateley divides 50 into 3 attacks: 20 + 20 + 10",
        ),
        (
            EventKind::from(HouseEvent::BulletPinned {
                unit: ROSE,
                target: GHOUL,
            }),
            "Rose Whateley's bullet keeps Ghoul of the Corbitt house down without hurting (only a \
             matched or critical roll hurts)",
        ),
        (
            EventKind::from(HouseEvent::Suppressed {
                unit: ROSE,
                group: vec![GHOUL],
                bullets: 3,
                shift: 0,
            }),
            "Rose Whateley has fired 3 bullets at Ghoul of the Corbitt house this turn: not yet \
             enough to pin them",
        ),
        (
            EventKind::from(HouseEvent::Suppressed {
                unit: ROSE,
                group: vec![GHOUL],
                bullets: 6,
                shift: -10,
            }),
            "Rose Whateley has fired 6 bullets at Ghoul of the Corbitt house this turn: −10 on \
             their rolls until its next turn",
        ),
        (
            EventKind::from(HouseEvent::StanceDodge {
                unit: ROSE,
                attacker: GHOUL,
                outcome: DodgeOutcome::Downgraded,
            }),
            "Rose Whateley dodges Ghoul of the Corbitt house's hit: brought down to hand-to-hand \
             damage",
        ),
        (
            E::from(PoolEvent::Evaded {
                unit: ROSE,
                attacker: GHOUL,
                took: 2,
                left: 0,
            }),
            "Rose Whateley's evading takes 2 off Ghoul of the Corbitt house's blow (0 left)",
        ),
        (
            E::from(PoolEvent::DicePlanned {
                unit: ROSE,
                budget: 7,
                parts: vec![
                    PlanPart::new(PlannedAction::Attack, 3),
                    PlanPart::new(PlannedAction::WeaponDefence, 2),
                    PlanPart::new(PlannedAction::Dodge, 2),
                ],
            }),
            "Rose Whateley splits 7 dice: attack 3 · fight back 2 · dodge 2",
        ),
        (
            E::from(PoolEvent::StunShakenOff {
                unit: ROSE,
                left: 4,
            }),
            "Rose Whateley is stunned by the injury, and spends a point of Willpower to shake it off (4 left)",
        ),
        (
            E::from(PoolEvent::StunnedByInjury { unit: ROSE }),
            "Rose Whateley is stunned by the injury and loses a turn",
        ),
        (
            E::from(BrpEvent::ParryDeclared {
                unit: ROSE,
                against: Some(GHOUL),
            }),
            "Rose Whateley will fight back Ghoul of the Corbitt house this round",
        ),
        (
            E::from(FrontierEvent::QuickDrawn {
                unit: GHOUL,
                rival: ROSE,
                shooter: DrawTotal::new(
                    37,
                    DrawBonus {
                        sides: 100,
                        skill_points: 44,
                        modifiers: vec![Modifier {
                            reason: reasons::DRAWING,
                            effect: Effect::Add(-20),
                        }],
                    },
                ),
                answer: DrawTotal::new(
                    10,
                    DrawBonus {
                        sides: 100,
                        skill_points: 54,
                        modifiers: Vec::new(),
                    },
                ),
                first: None,
            }),
            "Quick draw: Ghoul of the Corbitt house 37 + 44 − 20 drawing = 61 against Rose \
             Whateley 10 + 54 = 64: both fire at once",
        ),
        (
            E::from(CocEvent::Stunned {
                unit: GHOUL,
                turns: die(6, 3),
            }),
            "Ghoul of the Corbitt house is stunned for 3 turns [D6: 3]",
        ),
    ]
}
