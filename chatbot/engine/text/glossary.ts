/**
 * Food and ordering words in German (and a few Italian and English variants) mapped to one English
 * concept, so that "drei Dosen Cola" finds "Coca-Cola (can)" and "ohne Zwiebeln" finds the ingredient
 * "Onions" on an English menu, and the other way round. Keys are folded (ä → a, ß → ss).
 */
const CONCEPTS: Record<string, string[]> = {
  // ("jroße": Berlin speech says g as j.)
  large: ['large', 'big', 'gross', 'grosse', 'grossen', 'grosser', 'grosses', 'grossem', 'jross', 'jrosse', 'jrossen'],
  // The largest size there is: "family", "party", "the biggest size", "die größte".
  // biome-ignore format: a word list
  family: [
    'family', 'familie', 'familien', 'party', 'familiengrosse', 'biggest', 'largest', 'grosste', 'grossten',
    'grosster', 'grosstes', 'grosstem',
  ],
  // ("non-fat", "full fat": two words the reader joins when the joined word is known.)
  skimmed: [
    'skimmed',
    'skim',
    'skinny',
    'fettarm',
    'fettarme',
    'fettarmer',
    'mager',
    'magermilch',
    'nonfat',
    'fatfree',
    'lowfat',
  ],
  whole: ['whole', 'fullfat', 'voll', 'vollfett'],
  // "iced tea" said in two words for the menu's one ("Eistee Pfirsich").
  icedtea: ['icedtea', 'icetea', 'eistee'],
  sour: ['sour', 'sauer', 'saure', 'sauren', 'saurer', 'saures', 'agrodolce'],
  mixed: ['mixed', 'gemischt', 'gemischte', 'gemischter', 'gemischten', 'gemischtes', 'gemischtem', 'misto', 'mista'],
  double: ['double', 'doppel', 'doppelt', 'doppelte', 'doppelten', 'doppelter', 'doppio'],
  crispy: ['crispy', 'knusprig', 'knusprige', 'knusprigen', 'knuspriger', 'crunchy'],
  fried: ['fried', 'gebraten', 'gebratene', 'gebratenen', 'gebratenem', 'gebratener', 'frittiert', 'frittierte'],
  sprout: ['sprout', 'sprossen', 'sprosse', 'sojasprossen'],
  lunch: ['lunch', 'mittag', 'mittags', 'mittagstisch', 'mittagsmenu'],
  breakfast: ['breakfast', 'fruhstuck', 'fruhstucks'],
  // (Bavarian and Austrian: "a kloane Margherita", "a kleane Cola".)
  // biome-ignore format: a word list
  small: [
    'small', 'klein', 'kleine', 'kleinen', 'kleiner', 'kleines', 'kleinem', 'mini', 'kloa', 'kloane', 'kloana',
    'kloaner', 'kleane', 'kleana', 'klane', 'klana',
  ],
  // A steak or burger cooked through: "well done", "durch", "durchgebraten".
  done: ['done', 'durch', 'durchgebraten', 'durchgegart'],
  medium: [
    'medium',
    'middle',
    'mid',
    'mittel',
    'mittlere',
    'mittleren',
    'mittlerer',
    'mittleres',
    'regular',
    'normal',
    'normale',
  ],
  thin: ['thin', 'dunn', 'dunne', 'dunnen', 'dunner', 'dunnes', 'dunnem'],
  thick: ['thick', 'dick', 'dicke', 'dicken', 'dicker', 'dickes', 'dickem', 'deep', 'pan'],
  crust: ['crust', 'kruste', 'krusten', 'boden', 'teig', 'base'],
  classic: ['classic', 'klassisch', 'klassische', 'klassischen', 'klassischem', 'original'],
  wholemeal: ['wholemeal', 'wholegrain', 'vollkorn'],
  ham: ['ham', 'schinken', 'kochschinken'],
  cheese: ['cheese', 'kase', 'kas', 'formaggi', 'formaggio'],
  // Feta is sheep's cheese: "Schafskäse" on German menus, "Hirtenkäse" for the cow's-milk kind sold alike.
  feta: ['feta', 'schafskase', 'schafkase', 'hirtenkase'],
  onion: ['onion', 'zwiebel', 'zwiebeln', 'cipolla', 'cipolle'],
  pepper: ['pepper', 'paprika', 'paprikas', 'paprikaschote', 'paprikaschoten', 'peperone', 'pfeffer'],
  olive: ['olive', 'oliven', 'olives'],
  mushroom: [
    'mushroom',
    'schwammerl',
    'schwammerln',
    'shroom',
    'shrooms',
    'pilz',
    'pilze',
    'pilzen',
    'champignon',
    'champignons',
    // How the word is often typed in German ("Salami mit Champions").
    'champion',
    'champions',
    'funghi',
    'fungo',
  ],
  pineapple: ['pineapple', 'ananas'],
  tomato: ['tomato', 'tomate', 'tomaten', 'pomodoro', 'pomodori', 'paradeiser', 'paradeis', 'paradeisern'],
  flake: ['flake', 'flakes', 'flocke', 'flocken'],
  garlic: ['garlic', 'knoblauch', 'aglio'],
  tuna: ['tuna', 'thunfisch', 'tonno'],
  chicken: [
    'chicken',
    'hahnchen',
    'huhnchen',
    'hahnchenbrust',
    'huhn',
    'poulet',
    'chiken',
    'chickn',
    'hendl',
    'pollo',
    'frango',
  ],
  beef: ['beef', 'rind', 'rindfleisch', 'manzo'],
  bacon: ['bacon', 'speck'],
  spinach: ['spinach', 'spinat', 'spinaci'],
  corn: ['corn', 'mais', 'sweetcorn', 'maize'],
  egg: ['egg', 'eier', 'uovo', 'ei', 'spiegelei'],
  salad: ['salad', 'salat', 'insalata'],
  fry: ['fry', 'fries', 'pommes', 'fritten', 'chips'],
  water: ['water', 'wasser', 'acqua', 'mineralwasser', 'mineral'],
  beer: ['beer', 'bier', 'biere', 'bieren', 'birra'],
  wine: ['wine', 'wein', 'weine', 'vino'],
  juice: ['juice', 'saft'],
  lemonade: ['lemonade', 'limonade', 'limo'],
  cola: ['cola', 'coke', 'coca'],
  can: ['can', 'cans', 'dose', 'dosen', 'tin'],
  bottle: ['bottle', 'flasche', 'flaschen'],
  glass: ['glass', 'glas', 'glaser'],
  sauce: ['sauce', 'sosse', 'sossen', 'sauc', 'dip'],
  basil: ['basil', 'basilikum', 'basilico'],
  bbq: ['bbq', 'barbecue', 'barbeque', 'bbque'],
  dried: ['dried', 'dry', 'getrocknet', 'getrocknete', 'getrockneten', 'getrockneter'],
  spicy: [
    'spicy',
    'scharf',
    'scharfe',
    'scharfen',
    'scharfer',
    'piccante',
    'hot',
    'heiss',
    'heisse',
    'heissen',
    'heisser',
    'heisses',
  ],
  dessert: ['dessert', 'nachtisch', 'nachspeise', 'sweet', 'dolci', 'suss', 'susse', 'sussen'],
  drink: ['drink', 'getrank', 'getranke', 'getranken', 'beverage', 'bevande'],
  pizza: ['pizza', 'pizzen', 'pizze', 'pizzas', 'pizzn'],
  burger: ['burger', 'hamburger'],
  pasta: ['pasta', 'nudel', 'nudeln', 'noodle', 'noodles'],
  seafood: ['seafood', 'meeresfruchte', 'frutti'],
  fish: ['fish', 'fisch', 'pesce'],
  sausage: ['sausage', 'wurst', 'wurstchen', 'salsiccia', 'salsicce'],
  chocolate: ['chocolate', 'schokolade', 'schoko', 'cioccolato', 'kakao', 'cocoa', 'chocolat'],
  ice: ['ice', 'eis', 'iced'],
  salmon: ['salmon', 'lachs', 'salmone'],
  prawn: ['prawn', 'shrimp', 'garnele', 'garnelen', 'scampi', 'gamba', 'gambas', 'krabbe', 'krabben'],
  duck: ['duck', 'ente'],
  rice: ['rice', 'reis'],
  jasmine: ['jasmine', 'jasmin'],
  // (Austrian: "Melanzani".)
  eggplant: ['eggplant', 'aubergine', 'aubergines', 'melanzane', 'melanzani', 'auberginen'],
  // Dish names that hold a number ("Quattro Formaggi" is the four cheese pizza).
  four: ['four', 'quattro', 'vier'],
  season: ['season', 'seasons', 'stagioni', 'stagione', 'jahreszeiten'],
  slice: ['slice', 'slices', 'scheibe', 'scheiben', 'sliced'],
  coriander: ['coriander', 'cilantro', 'koriander'],
  peanut: ['peanut', 'erdnuss', 'erdnusse'],
  spring: ['spring', 'fruhling', 'fruhlings'],
  roll: ['roll', 'rolle', 'rollen', 'rollchen', 'schnecke', 'schnecken', 'bun', 'brotchen', 'semmel', 'weckle'],
  spritzer: ['spritzer', 'schorle', 'saftschorle', 'spritz', 'spritzers'],
  butter: ['butter'],
  soup: ['soup', 'suppe', 'suppen', 'zuppa'],
  syrup: ['syrup', 'sirup', 'sirups'],
  blueberry: ['blueberry', 'blaubeer', 'blaubeere', 'blaubeeren', 'heidelbeer', 'heidelbeere'],
  peppermint: ['peppermint', 'pfefferminz', 'pfefferminze', 'minz', 'minze'],
  orange: ['orange', 'orangen'],
  banana: ['banana', 'banane', 'bananen'],
  bread: ['bread', 'brot'],
  coconut: ['coconut', 'kokos', 'kokosnuss'],
  pea: ['pea', 'peas', 'erbse', 'erbsen'],
  buffalo: ['buffalo', 'bufala', 'buffala', 'buffel', 'bueffel'],
  coleslaw: ['coleslaw', 'slaw', 'krautsalat'],
  oil: ['oil', 'ol', 'oel', 'olio'],
  combo: ['combo', 'combos', 'meal', 'meals', 'menu', 'menue', 'menus'],
  deal: ['deal', 'deals', 'angebot', 'angebote', 'special', 'specials', 'offer'],
  kid: ['kid', 'kids', 'kinder', 'kind', 'children'],
  cucumber: ['cucumber', 'gurke', 'gurken', 'salatgurke'],
  lactose: ['lactose', 'laktose'],
  free: ['free', 'frei', 'freie', 'freier', 'freien', 'freies'],
  // (Austrian: "Schlagobers", "Obers".)
  cream: ['cream', 'sahne', 'schlagsahne', 'rahm', 'creme', 'whip', 'obers', 'schlagobers'],
  herb: ['herb', 'krauter', 'krauterbutter'],
  apple: ['apple', 'apfel'],
  // The Austrian and southern German word, and the German one, for the croissant.
  croissant: ['croissant', 'croissants', 'kipferl', 'kipferln', 'hornchen', 'gipfeli'],
  peperoni: ['peperoni', 'pfefferoni', 'pfefferonis', 'peperonis'],
  greek: ['greek', 'griechisch', 'griechische', 'griechischen', 'greco', 'greca'],
  chili: ['chili', 'chilli', 'chile'],
  // A "dirty" chai or matcha has a shot of espresso in it.
  shot: ['shot', 'schuss', 'dirty'],
  milk: ['milk', 'milch'],
  // Plant milks are sold as "drinks" in the EU: "Haferdrink" is oat milk.
  oat: ['oat', 'hafer', 'haferdrink', 'oatdrink'],
  soy: ['soy', 'soja', 'soya'],
  almond: ['almond', 'mandel', 'mandeln'],
  vanilla: ['vanilla', 'vanille'],
  hazelnut: ['hazelnut', 'haselnuss'],
  caramel: ['caramel', 'karamell', 'karamel', 'caramell'],
  cinnamon: ['cinnamon', 'zimt'],
  decaf: [
    'decaf',
    'decaffeinated',
    'entkoffeiniert',
    'entkoffeinierter',
    'entkoffeinierten',
    'entkoffeinierte',
    'koffeinfrei',
    'koffeinfreier',
  ],
  potato: ['potato', 'kartoffel', 'kartoffeln'],
  pickle: ['pickle', 'essiggurke', 'essiggurken', 'gewurzgurke', 'gewurzgurken'],
  lemon: ['lemon', 'zitrone'],
  // The meat of a burger is its patty: "doppelt Fleisch" is a second one.
  patty: ['patty', 'patties', 'fleisch'],
  pork: ['pork', 'schwein', 'schweinefleisch'],
  vegetable: ['vegetable', 'veggie', 'veggies', 'veggy', 'veg', 'gemuse'],
  strawberry: ['strawberry', 'erdbeer', 'erdbeere'],
  sparkling: ['sparkling', 'sprudel', 'sprudelwasser'],
  liter: ['liter', 'litre', 'l', 'ltr', 'lt'],
  ounce: ['ounce', 'oz', 'ounces'],
  rocket: ['rocket', 'arugula', 'rucola', 'rukola'],
  jalapeno: ['jalapeno', 'jalapenos', 'jalepeno', 'jalapenyo'],
  coffee: ['coffee', 'kaffee', 'caffe'],
  tea: ['tea', 'tee'],
  green: ['green', 'grun', 'grune', 'grunen', 'gruner', 'grunes', 'verde'],
  red: ['red', 'rot', 'rote', 'roten', 'roter', 'rotes', 'rosso', 'roja'],
  // Flavours German drink names put first or last ("Eistee Pfirsich", "Pfirsich-Eistee" for a peach ice tea).
  peach: ['peach', 'pfirsich', 'pesca'],
  lime: ['lime', 'limette', 'limetten'],
  sesame: ['sesame', 'sesam'],
  white: ['white', 'weiss', 'weisse', 'weissen', 'weisser', 'bianco', 'blanca'],
};

/**
 * Generic words for what a menu sells (folded; any language), by the concept a category's or an item's
 * name holds: "a pie" on a menu whose pizzas are in "Pizzas", "three sodas" among the "Soft Drinks".
 * ../menu/lexicon.ts gives each the items it may mean; the reader picks one by what is said about it.
 */
// biome-ignore format: word lists
export const GENERIC: Record<string, string[]> = {
  pizza: ['pizza', 'pie', 'za', 'pizzen', 'pizze'],
  drink: ['drink', 'soda', 'pop', 'soft drink', 'softdrink', 'beverage', 'getrank', 'erfrischungsgetrank', 'fizzy drink'],
  burger: ['burger', 'hamburger'],
  coffee: ['coffee', 'kaffee', 'cafe'],
  tea: ['tea', 'tee'],
  pasta: ['pasta', 'nudeln'],
  salad: ['salad', 'salat'],
  dessert: ['dessert', 'nachtisch', 'sweet'],
  beer: ['beer', 'bier'],
  water: ['water', 'wasser'],
  juice: ['juice', 'saft'],
};

/**
 * Generic words that are adjectives too, as said: "a sweet" is a dessert, but "sweet tea" is a tea the menu
 * may lack and "very sweet" no item at all (../parse/lacked.ts, ../parse/mentions.ts).
 */
export const ADJECTIVAL_GENERIC = new Set(['sweet']);

/**
 * A second concept to try when an item has nothing of the first: "ohne Gurken" on a burger means its
 * pickles, on a salad its cucumber.
 */
export const ALTERNATIVES: Record<string, string> = { cucumber: 'pickle', pickle: 'cucumber' };

/**
 * A word that names a dish by another of its names, but is no topping of that name: "Pizza Prosciutto" is
 * the Pizza Schinken of a German pizzeria, while "with prosciutto" asks for cured ham a menu with cooked
 * "Ham" does not have. Used for item names only, where the menu does not know the word itself.
 */
export const NAME_ALTERNATIVES: Record<string, string> = { prosciutto: 'ham' };

/**
 * One dish under two names (canonical words): a menu that says one is found by the other too ("ein
 * Schoko-Croissant" is the Pain au Chocolat).
 */
export const SAME_DISH: [string[], string[]][] = [
  [
    ['chocolate', 'croissant'],
    ['pain', 'au', 'chocolate'],
  ],
];

/**
 * One style of an item under two names (canonical words): an option called by one answers to the other,
 * when no option of the item is called by it ("Chicago style" is the deep dish of a menu without one).
 */
export const SAME_OPTION: [string[], string[]][] = [[['thick', 'dish'], ['chicago']]];

export const GLOSSARY: Record<string, string> = Object.fromEntries(
  Object.entries(CONCEPTS).flatMap(([concept, variants]) => variants.map((v) => [v, concept])),
);

/**
 * Kinds of ingredient and what belongs to each (folded words, of any language): "extra Käse" on a pizza
 * whose cheese is its Mozzarella means the Mozzarella. Used only for an item with nothing called by the
 * kind's own name (../menu/vocab.ts).
 */
// biome-ignore format: word lists
export const INGREDIENT_KINDS: Record<string, string[]> = {
  cheese: [
    'mozzarella', 'mozarella', 'parmesan', 'parmigiano', 'grana', 'pecorino', 'gorgonzola', 'cheddar', 'emmentaler',
    'emmental', 'gouda', 'edamer', 'edam', 'feta', 'ricotta', 'mascarpone', 'provolone', 'scamorza', 'fontina',
    'taleggio', 'asiago', 'burrata', 'bufala', 'brie', 'camembert', 'halloumi', 'raclette', 'gruyere', 'appenzeller',
    'manchego', 'bergkase', 'frischkase', 'ziegenkase', 'schafskase', 'hirtenkase', 'reibekase', 'streukase',
  ],
  pepper: ['jalapeno', 'jalapenos', 'pepperoncini', 'peperoncini'],
  sausage: ['salami', 'chorizo', 'nduja', 'bratwurst', 'merguez', 'cabanossi', 'kabanos'],
  // "a pizza with hamburger": ground beef, on a menu that has no burger to put on it.
  beef: ['burger', 'hackfleisch'],
  fish: [
    'tuna', 'salmon', 'lachs', 'salmone', 'anchovy', 'anchovies', 'sardelle', 'sardellen', 'acciughe', 'alici',
    'sardine', 'sardinen', 'kabeljau', 'cod', 'hering', 'makrele', 'mackerel', 'forelle', 'trout',
  ],
  mushroom: [
    'porcini', 'steinpilz', 'steinpilze', 'pfifferling', 'pfifferlinge', 'shiitake', 'chanterelle', 'kraterelle',
    'austernpilz', 'austernpilze', 'portobello',
  ],
};
