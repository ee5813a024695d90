/**
 * Food and ordering words in German (and a few Italian and English variants) mapped to one English
 * concept, so that "drei Dosen Cola" finds "Coca-Cola (can)" and "ohne Zwiebeln" finds the ingredient
 * "Onions" on an English menu, and the other way round. Keys are folded (ä → a, ß → ss).
 */
const CONCEPTS: Record<string, string[]> = {
  large: ['large', 'big', 'gross', 'grosse', 'grossen', 'grosser', 'grosses', 'grossem', 'xl', 'family'],
  small: ['small', 'klein', 'kleine', 'kleinen', 'kleiner', 'kleines', 'kleinem', 'mini'],
  medium: ['medium', 'mittel', 'mittlere', 'mittleren', 'mittlerer', 'mittleres', 'regular', 'normal', 'normale'],
  thin: ['thin', 'dunn', 'dunne', 'dunnen', 'dunner', 'dunnes', 'dunnem'],
  thick: ['thick', 'dick', 'dicke', 'dicken', 'dicker', 'dickes', 'dickem', 'deep', 'pan'],
  crust: ['crust', 'kruste', 'krusten', 'boden', 'teig', 'base'],
  classic: ['classic', 'klassisch', 'klassische', 'klassischen', 'klassischem', 'original'],
  wholemeal: ['wholemeal', 'wholegrain', 'vollkorn'],
  ham: ['ham', 'schinken', 'prosciutto', 'kochschinken'],
  cheese: ['cheese', 'kase', 'formaggi', 'formaggio'],
  onion: ['onion', 'zwiebel', 'zwiebeln', 'cipolla', 'cipolle'],
  pepper: ['pepper', 'paprika', 'paprikas', 'paprikaschote', 'paprikaschoten', 'peperone'],
  olive: ['olive', 'oliven', 'olives'],
  mushroom: ['mushroom', 'pilz', 'pilze', 'pilzen', 'champignon', 'champignons', 'funghi', 'fungo'],
  pineapple: ['pineapple', 'ananas'],
  tomato: ['tomato', 'tomate', 'tomaten', 'pomodoro', 'pomodori'],
  garlic: ['garlic', 'knoblauch', 'aglio'],
  tuna: ['tuna', 'thunfisch', 'tonno'],
  chicken: ['chicken', 'hahnchen', 'huhn', 'hendl', 'pollo', 'frango'],
  beef: ['beef', 'rind', 'rindfleisch', 'manzo'],
  bacon: ['bacon', 'speck'],
  spinach: ['spinach', 'spinat', 'spinaci'],
  corn: ['corn', 'mais'],
  egg: ['egg', 'eier', 'uovo'],
  salad: ['salad', 'salat', 'insalata'],
  fry: ['fry', 'fries', 'pommes', 'fritten', 'chips'],
  water: ['water', 'wasser', 'acqua'],
  beer: ['beer', 'bier', 'birra'],
  wine: ['wine', 'wein', 'vino'],
  juice: ['juice', 'saft'],
  lemonade: ['lemonade', 'limonade', 'limo'],
  cola: ['cola', 'coke', 'coca'],
  can: ['can', 'cans', 'dose', 'dosen', 'tin'],
  bottle: ['bottle', 'flasche', 'flaschen'],
  glass: ['glass', 'glas', 'glaser'],
  sauce: ['sauce', 'sosse', 'sossen', 'sauc', 'dip'],
  basil: ['basil', 'basilikum', 'basilico'],
  spicy: ['spicy', 'scharf', 'scharfe', 'scharfen', 'piccante', 'hot'],
  dessert: ['dessert', 'nachtisch', 'nachspeise', 'sweet', 'dolci'],
  drink: ['drink', 'getrank', 'getranke', 'getranken', 'beverage', 'bevande'],
  pizza: ['pizza', 'pizzen', 'pizze', 'pizzas'],
  burger: ['burger', 'hamburger'],
  pasta: ['pasta', 'nudel', 'nudeln'],
  seafood: ['seafood', 'meeresfruchte', 'frutti'],
  fish: ['fish', 'fisch', 'pesce'],
  sausage: ['sausage', 'wurst', 'wurstchen', 'salsiccia', 'salsicce'],
  chocolate: ['chocolate', 'schokolade', 'schoko', 'cioccolato'],
  ice: ['ice', 'eis'],
  coffee: ['coffee', 'kaffee', 'caffe'],
  tea: ['tea', 'tee'],
  green: ['green', 'grun', 'grune', 'grunen', 'gruner', 'grunes', 'verde'],
  red: ['red', 'rot', 'rote', 'roten', 'roter', 'rotes', 'rosso', 'roja'],
  white: ['white', 'weiss', 'weisse', 'weissen', 'weisser', 'bianco', 'blanca'],
};

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
  sausage: ['salami', 'chorizo', 'nduja', 'bratwurst', 'merguez', 'cabanossi', 'kabanos'],
  fish: [
    'tuna', 'salmon', 'lachs', 'salmone', 'anchovy', 'anchovies', 'sardelle', 'sardellen', 'acciughe', 'alici',
    'sardine', 'sardinen', 'kabeljau', 'cod', 'hering', 'makrele', 'mackerel', 'forelle', 'trout',
  ],
  mushroom: [
    'porcini', 'steinpilz', 'steinpilze', 'pfifferling', 'pfifferlinge', 'shiitake', 'chanterelle', 'kraterelle',
    'austernpilz', 'austernpilze', 'portobello',
  ],
};
