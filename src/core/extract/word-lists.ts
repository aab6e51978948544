/**
 * Word lists behind the extractor's cues. Small on purpose: each one backs a cue
 * that is right far more often than wrong in encyclopaedic prose, and none tries
 * to be a gazetteer. All entries are lower case; callers compare lower-cased tokens.
 */

function words(list: string): ReadonlySet<string> {
  return new Set(list.split(/\s+/).filter((w) => w.length > 0));
}

// ---- grammar words -----------------------------------------------------------

export const BE_FORMS = words("is are was were be been being am 's 're 'm");
export const MODALS = words("may might could would should can will shall must ca wo 'd 'll");
export const RELATIVE_PRONOUNS = words('who which that whom he she it they');
export const POSSESSIVE_DETERMINERS = words('his her its their our my your whose');
export const QUOTES = words('" “ ” « » „ `` \'\'');
// Lower-case words inside a name: "Bank of America", "Vincent van Gogh", "Procter & Gamble".
export const NAME_CONNECTORS = words('of de van von der den da di du del della la le y & bin ibn');

// ---- dates and amounts ---------------------------------------------------------

export const SCALE_WORDS = words('hundred thousand million billion trillion');
/** The months' full names, in calendar order. */
export const MONTH_NAMES: readonly string[] = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
export const MONTHS = words(`${MONTH_NAMES.join(' ')} jan feb mar apr jun jul aug sep sept oct nov dec`);
export const CURRENCY_SYMBOLS = words('$ £ € ¥ ₹ ₽ ₩ ₺ us$ a$ c$ hk$ nz$');
export const CURRENCY_WORDS = words(
  'dollars dollar euros euro pounds pound yen francs franc marks rupees rupee yuan renminbi pesos peso cents lira rubles roubles won',
);

// ---- name cues: what kind of thing a name is ------------------------------------

export const HONORIFICS = words(
  'mr mrs ms miss mx dr sir dame lord lady president king queen prince princess pope emperor empress senator governor gov ' +
    'capt captain colonel col lt lieutenant sgt sergeant professor prof rev reverend bishop archbishop cardinal duke duchess ' +
    'baron baroness chancellor judge mayor sheikh sultan tsar czar rabbi imam pastor admiral marshal commander archduke earl saint',
);
export const ROLE_NOUNS = words(
  'physicist chemist scientist biologist writer author poet novelist painter artist composer singer musician actor actress ' +
    'director producer philosopher mathematician economist politician founder ceo chairman chairwoman player quarterback coach ' +
    'linebacker cornerback lineman striker goalkeeper pitcher engineer inventor architect explorer historian journalist lawyer ' +
    'activist entrepreneur businessman businesswoman son daughter wife husband brother sister father mother uncle aunt cousin ' +
    'colleague student teacher pupil rapper guitarist drummer general admiral emperor theologian astronomer physician',
);
export const FIRST_NAMES = words(
  'john james robert michael william david richard joseph thomas charles christopher daniel matthew anthony mark donald steven ' +
    'steve paul andrew joshua kenneth kevin brian george edward ronald timothy jason jeffrey ryan jacob gary nicholas eric ' +
    'jonathan stephen larry justin scott brandon benjamin samuel frank gregory raymond alexander patrick jack dennis jerry tyler ' +
    'aaron henry peter adam nathan walter harold kyle carl arthur gerald roger keith jeremy terry lawrence sean albert joe ethan ' +
    'jesse willie billy bruce bryan ralph roy eugene wayne louis alan juan gabriel fred philip bill bob tom tony mike jim ted ' +
    'luke kurt josh mario marie pierre isaac ludwig wolfgang johann karl friedrich hans jean francois nicolas leonardo galileo ' +
    'mary patricia jennifer linda elizabeth barbara susan jessica sarah karen nancy lisa betty margaret sandra ashley kimberly ' +
    'emily donna michelle dorothy carol amanda melissa deborah stephanie rebecca sharon laura cynthia kathleen amy angela helen ' +
    'anna brenda pamela nicole emma samantha katherine christine rachel catherine carolyn janet ruth maria heather diane julie ' +
    'joyce olivia kelly christina lauren joan evelyn judith megan cheryl andrea hannah martha jacqueline frances gloria ann ' +
    'teresa kathryn sara alice julia judy grace denise marilyn beverly danielle theresa sophia diana natalie isabella rose ada jane',
);
export const ORG_WORDS = words(
  'inc inc. incorporated ltd ltd. llc plc corp corp. corporation company co. companies university college institute ' +
    'institution academy school association party council church army navy forces agency bank group society foundation fc ' +
    'club committee commission ministry department federation league union organization organisation authority board bureau ' +
    'corps court parliament congress senate assembly government administration airlines airways records press studios ' +
    'network broadcasting trust fund museum library hospital laboratory laboratories labs systems technologies industries ' +
    'holdings partners brothers band orchestra conference guild cabinet police service services enterprises motors ' +
    'railway railways force team clinic firm studio label channel',
);
export const PLACE_WORDS = words(
  'river mountain mountains mount mt lake city town village island islands county province states street avenue road ocean ' +
    'sea valley bay gulf desert forest peninsula strait canyon hill hills region district square harbor harbour coast beach ' +
    'falls kingdom republic empire country continent plateau plains basin glacier volcano cape creek canal peak airport ' +
    'borough prefecture oblast parish territory wall way lane boulevard highway park garden gardens ' +
    'monument memorial hall building tower bridge stadium arena station palace castle cathedral temple mosque ' +
    'house campus port airfield airbase dam reservoir lighthouse fort township municipality',
);
// Street names a house number may open: "101 Ukrop Way".
export const STREET_WORDS = words('street st road rd avenue ave way lane boulevard drive square place');
// Place words that come first: "Lake Michigan", "Mount Fuji", "Fort Duquesne".
export const PLACE_PREFIXES = words('lake mount mt mt. river cape fort port isle gulf bay');
export const PLACE_ACRONYMS = words('us usa uk uae ussr prc drc nyc dc');
export const PLACE_NAMES = words(
  'afghanistan albania algeria argentina armenia australia austria bangladesh belgium bolivia brazil bulgaria cambodia ' +
    'cameroon canada chile china colombia croatia cuba cyprus czechia denmark ecuador egypt england estonia ethiopia finland ' +
    'france germany ghana greece hungary iceland india indonesia iran iraq ireland israel italy jamaica japan kenya korea ' +
    'latvia lebanon libya lithuania luxembourg malaysia mexico mongolia morocco nepal netherlands nigeria norway pakistan ' +
    'peru philippines poland portugal romania russia scotland serbia singapore slovakia slovenia somalia spain sudan sweden ' +
    'switzerland syria taiwan tanzania thailand tunisia turkey uganda ukraine uruguay venezuela vietnam wales yemen zimbabwe ' +
    'europe asia africa antarctica america oceania britain prussia bavaria california texas london paris berlin rome madrid ' +
    'moscow beijing tokyo warsaw vienna amsterdam brussels cairo delhi chicago boston',
);
// Nouns that announce a title: "the film Up", "the novel "Emma"".
export const WORK_NOUNS = words(
  'book novel film movie album song single poem play opera painting series show novella magazine newspaper journal ' +
    'documentary musical symphony essay game episode sitcom',
);

// ---- verb classes and verb forms -------------------------------------------------

// Verbs whose "in/at/from X" names a place.
export const PLACE_VERBS = words(
  'bear live locate situate base move die raise grow settle emigrate immigrate arrive return travel headquarter bury ' +
    'station reside flee lie flow border found establish',
);
// Prepositions that, after a place verb, introduce the place.
export const COMPASS_POINTS = words('north south east west northeast northwest southeast southwest north-east north-west south-east south-west');
export const PLACE_PREPOSITIONS = words('in at from near to into across');
export const FOUNDING_VERBS = words('found co-found establish incorporate');
// Verbs whose subject is a person, as written (no lemma needed: lemmas are computed one token at a time).
export const PERSON_VERBS = words('die dies died dying marry marries married graduate graduates graduated retire retires retired divorce divorced');
// Verbs whose passive still takes an object: "was awarded the prize".
export const DITRANSITIVE_VERBS = words('award give grant offer present deny promise send show teach lend');
export const DIMENSION_ADJECTIVES: ReadonlyMap<string, string> = new Map([
  ['long', 'length'],
  ['wide', 'width'],
  ['high', 'height'],
  ['tall', 'height'],
  ['deep', 'depth'],
  ['old', 'age'],
  ['thick', 'thickness'],
]);
export const IRREGULAR_PAST: ReadonlyMap<string, string> = new Map(
  (
    'write:wrote give:gave take:took begin:began become:became build:built make:made win:won sell:sold buy:bought ' +
    'teach:taught find:found leave:left hold:held know:knew see:saw speak:spoke choose:chose draw:drew grow:grew ' +
    'rise:rose run:ran sing:sang fight:fought bring:brought think:thought lose:lost meet:met send:sent spend:spent ' +
    'tell:told say:said get:got come:came go:went do:did have:had keep:kept stand:stood strike:struck throw:threw ' +
    'drive:drove eat:ate fall:fell fly:flew ride:rode wear:wore beat:beat set:set put:put cut:cut let:let hit:hit ' +
    'read:read feed:fed seek:sought shoot:shot lend:lent light:lit overthrow:overthrew withdraw:withdrew forbid:forbade ' +
    'sink:sank swim:swam steal:stole break:broke forget:forgot freeze:froze hide:hid shake:shook bear:bore ' +
    'undertake:undertook arise:arose bind:bound deal:dealt dig:dug feel:felt hang:hung hear:heard lay:laid lead:led ' +
    'mean:meant pay:paid sit:sat sleep:slept spin:spun split:split spread:spread stick:stuck swear:swore tear:tore ' +
    'understand:understood wake:woke wind:wound withhold:withheld rebuild:rebuilt rewrite:rewrote show:showed ' +
    'blow:blew slay:slew shine:shone forsake:forsook'
  )
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]),
);
