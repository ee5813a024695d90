/** What the catalog's products come with, for the menu documents: ingredients, allergens, dietary tags. */
import type { Allergen, DietaryTag } from '../../domain/menus/types.js';

/** [name, removable, extra price in euro cents or null] */
export type IngredientDef = [string, boolean, number | null];

export interface Details {
  ingredients?: IngredientDef[];
  allergens?: Allergen[];
  tags?: DietaryTag[];
}

const fixed = (name: string): IngredientDef => [name, false, null];
const free = (name: string): IngredientDef => [name, true, null];
const more = (name: string, price: number): IngredientDef => [name, true, price];

const DRINK: Details = { tags: ['vegan'] };
const BEER: Details = { allergens: ['gluten'], tags: ['contains_alcohol'] };
const COCKTAIL: Details = { tags: ['vegan', 'contains_alcohol'] };

export const DETAILS: Record<string, Details> = {
  'Pizza Margherita': {
    ingredients: [fixed('Tomato sauce'), more('Mozzarella', 150), free('Basil')],
    allergens: ['gluten', 'milk'],
    tags: ['vegetarian'],
  },
  'Pizza Diavola': {
    ingredients: [fixed('Tomato sauce'), more('Mozzarella', 150), more('Spicy salami', 200), free('Chili flakes')],
    allergens: ['gluten', 'milk'],
    tags: ['spicy'],
  },
  'Pizza Quattro Formaggi': {
    ingredients: [fixed('Mozzarella'), free('Gorgonzola'), more('Parmigiano', 120), free('Fontina')],
    allergens: ['gluten', 'milk'],
    tags: ['vegetarian'],
  },
  'Pizza Prosciutto e Funghi': {
    ingredients: [fixed('Tomato sauce'), more('Mozzarella', 150), more('Ham', 200), more('Mushrooms', 120)],
    allergens: ['gluten', 'milk'],
  },
  'Spaghetti Carbonara': {
    ingredients: [fixed('Guanciale'), fixed('Egg yolk'), more('Pecorino', 100), free('Black pepper')],
    allergens: ['gluten', 'eggs', 'milk'],
  },
  "Penne all'Arrabbiata": {
    ingredients: [fixed('Tomato sauce'), free('Garlic'), more('Chili', 0), free('Parsley')],
    allergens: ['gluten'],
    tags: ['vegan', 'spicy'],
  },
  'Lasagne al Forno': { allergens: ['gluten', 'eggs', 'milk', 'celery'] },
  'Insalata Caprese': {
    ingredients: [fixed('Tomato'), more('Mozzarella', 150), free('Basil'), free('Olive oil')],
    allergens: ['milk'],
    tags: ['vegetarian', 'gluten_free'],
  },
  'Focaccia al Rosmarino': { allergens: ['gluten'], tags: ['vegan'] },
  Tiramisù: { allergens: ['eggs', 'milk', 'gluten'], tags: ['vegetarian', 'contains_alcohol'] },
  'Panna Cotta': { allergens: ['milk'], tags: ['vegetarian', 'gluten_free'] },
  'San Pellegrino 0.5 l': DRINK,
  'Coca-Cola 0.33 l': DRINK,
  'Peroni 0.33 l': BEER,

  'Classic Cheeseburger': {
    ingredients: [
      fixed('Beef patty'),
      more('Cheddar', 120),
      free('Pickles'),
      more('Onions', 50),
      free('Lettuce'),
      free('Tomato'),
      more('Burger sauce', 50),
    ],
    allergens: ['gluten', 'milk', 'eggs', 'mustard', 'sesame'],
  },
  'Bacon BBQ Burger': {
    ingredients: [
      fixed('Beef patty'),
      more('Bacon', 200),
      more('Cheddar', 120),
      free('Onion rings'),
      more('BBQ sauce', 50),
    ],
    allergens: ['gluten', 'milk', 'mustard', 'sesame'],
  },
  'Veggie Smash Burger': {
    ingredients: [fixed('Veggie patty'), free('Lettuce'), free('Tomato'), more('Onions', 50), more('Vegan mayo', 50)],
    allergens: ['gluten', 'soybeans', 'sesame'],
    tags: ['vegetarian'],
  },
  'Crispy Chicken Burger': {
    ingredients: [fixed('Crispy chicken'), free('Coleslaw'), free('Pickles'), more('Chipotle mayo', 50)],
    allergens: ['gluten', 'eggs', 'mustard', 'sesame'],
    tags: ['spicy'],
  },
  Fries: { tags: ['vegan', 'gluten_free'] },
  'Sweet Potato Fries': { tags: ['vegan', 'gluten_free'] },
  'Onion Rings': { allergens: ['gluten'], tags: ['vegetarian'] },
  'Chicken Wings (6)': { allergens: ['celery', 'mustard'], tags: ['spicy'] },
  'Vanilla Milkshake': { allergens: ['milk'], tags: ['vegetarian', 'gluten_free'] },
  'Homemade Lemonade': DRINK,
  'Craft IPA': BEER,
  'Chocolate Brownie': { allergens: ['gluten', 'eggs', 'milk', 'nuts'], tags: ['vegetarian'] },

  'Tacos al Pastor (3)': {
    ingredients: [fixed('Pork al pastor'), more('Pineapple', 50), free('Onion'), free('Cilantro')],
    tags: ['gluten_free'],
  },
  'Tacos de Carnitas (3)': {
    ingredients: [fixed('Carnitas'), free('Onion'), free('Cilantro')],
    tags: ['gluten_free'],
  },
  'Quesadilla de Flor de Calabaza': {
    ingredients: [more('Queso Oaxaca', 120), fixed('Flor de calabaza'), free('Epazote')],
    allergens: ['milk'],
    tags: ['vegetarian', 'gluten_free'],
  },
  'Burrito de Pollo': {
    ingredients: [fixed('Chicken'), free('Rice'), free('Black beans'), more('Queso', 120), free('Crema')],
    allergens: ['gluten', 'milk'],
  },
  'Enchiladas Verdes': {
    ingredients: [fixed('Chicken'), fixed('Salsa verde'), free('Crema'), more('Queso fresco', 100)],
    allergens: ['milk'],
    tags: ['gluten_free'],
  },
  'Guacamole con Totopos': { tags: ['vegan', 'gluten_free'] },
  'Elote Asado': { allergens: ['milk'], tags: ['vegetarian', 'spicy'] },
  'Churros con Chocolate': { allergens: ['gluten', 'eggs', 'milk'], tags: ['vegetarian'] },
  'Agua de Horchata': { allergens: ['milk'], tags: ['vegetarian'] },
  'Agua de Jamaica': DRINK,
  'Cerveza Modelo': BEER,
  Margarita: COCKTAIL,

  'Feijoada Completa': {
    ingredients: [fixed('Black beans'), fixed('Pork'), more('Linguiça', 200), free('Orange slices')],
    tags: ['gluten_free'],
  },
  'Picanha na Chapa': {
    ingredients: [fixed('Picanha'), free('Garlic butter'), more('Chimichurri', 80)],
    allergens: ['milk'],
    tags: ['gluten_free'],
  },
  'Moqueca de Peixe': {
    ingredients: [fixed('Fish'), fixed('Coconut milk'), free('Peppers'), free('Cilantro')],
    allergens: ['fish'],
    tags: ['gluten_free'],
  },
  'Frango à Passarinho': { ingredients: [fixed('Chicken'), free('Garlic')], allergens: ['gluten'] },
  'Pão de Queijo (6)': { allergens: ['milk', 'eggs'], tags: ['vegetarian', 'gluten_free'] },
  'Coxinha (4)': { allergens: ['gluten', 'milk'] },
  Brigadeiro: { allergens: ['milk'], tags: ['vegetarian', 'gluten_free'] },
  'Pudim de Leite': { allergens: ['milk', 'eggs'], tags: ['vegetarian', 'gluten_free'] },
  'Guaraná Antarctica': DRINK,
  'Suco de Maracujá': DRINK,
  Caipirinha: COCKTAIL,

  'Salmon Nigiri (2)': { allergens: ['fish'] },
  'Tuna Nigiri (2)': { allergens: ['fish'] },
  'California Roll (8)': {
    ingredients: [fixed('Surimi'), more('Avocado', 100), free('Cucumber'), free('Sesame')],
    allergens: ['fish', 'crustaceans', 'eggs', 'sesame'],
  },
  'Spicy Tuna Roll (8)': {
    ingredients: [fixed('Tuna'), more('Spicy mayo', 100), free('Cucumber'), free('Sesame')],
    allergens: ['fish', 'eggs', 'sesame'],
    tags: ['spicy'],
  },
  'Dragon Roll (8)': {
    ingredients: [fixed('Shrimp tempura'), fixed('Eel'), more('Avocado', 100), free('Unagi sauce')],
    allergens: ['crustaceans', 'fish', 'gluten', 'soybeans', 'sesame'],
  },
  'Vegetable Maki (6)': {
    ingredients: [fixed('Cucumber'), more('Avocado', 100), free('Carrot')],
    tags: ['vegan'],
  },
  'Miso Soup': { allergens: ['soybeans', 'fish'] },
  Edamame: { allergens: ['soybeans'], tags: ['vegan', 'gluten_free'] },
  'Chicken Gyoza (5)': { allergens: ['gluten', 'soybeans', 'sesame'] },
  'Mochi Ice Cream': { allergens: ['milk'], tags: ['vegetarian'] },
  'Green Tea': DRINK,
  'Asahi 0.33 l': BEER,
};
