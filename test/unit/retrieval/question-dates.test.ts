import { describe, expect, it } from 'vitest';
import { joinedTokens, questionDates, withDateForms } from '../../../src/core/retrieval/question-dates';

describe('questionDates', () => {
  it.each([
    ['rain on 3 March 2014?', ['2014', '03', '03']],
    ['the 30th of August, 2013', ['2013', '08', '30']],
    ['December 25th, 2012 weather', ['2012', '12', '25']],
    ['jan 1 2013', ['2013', '01', '01']],
    ['the high on 2015-07-04', ['2015', '07', '04']],
    ['2015/7/4', ['2015', '07', '04']],
  ])('reads "%s" as the ISO terms %j', (question, phrase) => {
    expect(questionDates(question).map((d) => d.phrase)).toEqual([phrase]);
  });

  it.each([
    ['why was the back fridge reading high on Saturday 2 March', ['03', '02']],
    ['March 2nd sales?', ['03', '02']],
    ['spent on 14 march', ['03', '14']],
    ['the 14th of february', ['02', '14']],
  ])('reads "%s", a date without its year, as its month and day in any year: %j', (question, phrase) => {
    expect(questionDates(question).map((d) => d.phrase)).toEqual([phrase]);
  });

  it.each([
    ['How hot did it get in Seattle in July 2015?', ['2015', '07']],
    ['rainfall for march of 2014', ['2014', '03']],
    ['sales in Sept, 2013', ['2013', '09']],
  ])('reads "%s", a month of a year, as its year and month: %j', (question, phrase) => {
    expect(questionDates(question).map((d) => d.phrase)).toEqual([phrase]);
  });

  it('maps a month of a year to the forms a table writes it in, and reads no month from a verb before a year', () => {
    const [date] = questionDates('the wettest day in July 2015');
    expect(new Map(date?.variants)).toEqual(new Map([['juli', ['07', 'jul']]]));
    expect(questionDates('they may 2015 times')).toEqual([]);
  });

  it.each([
    ['What was the weather like in Seattle on Christmas day 2014?', ['2014', '12', '25']],
    ['Was it windy on New Year’s Day, 2015?', ['2015', '01', '01']],
    ["minimum temperature on Valentine's Day", ['02', '14']],
    ['Christmas 2013 sales', ['2013', '12', '25']],
    ['opening hours on Christmas Eve', ['12', '24']],
  ])('reads "%s", a named day, as its date: %j', (question, phrase) => {
    expect(questionDates(question).map((d) => d.phrase)).toEqual([phrase]);
  });

  it('lets a named day’s words stand for its month and day, and reads no date from a party or an island', () => {
    const [date] = questionDates('rain on Christmas Day 2014');
    expect(new Map(date?.variants)).toEqual(new Map([['christma', ['12', '25']], ['dai', ['12', '25']]]));
    expect(questionDates('Who is coming to the Christmas party?')).toEqual([]);
    expect(questionDates('What is the dialling code of Christmas Island?')).toEqual([]);
  });

  it('reads no month from a verb before a number', () => {
    expect(questionDates('we march 3 miles, they may 2 more')).toEqual([]);
    expect(questionDates('2 Marchers came')).toEqual([]);
  });

  it('maps the written month and day to the forms a table or a page writes them in', () => {
    const [date] = questionDates('rain on 3rd March 2014');
    expect(new Map(date?.variants)).toEqual(new Map([['march', ['03', 'mar']], ['3rd', ['03', '3']]]));
  });

  it('finds no date where there is none, or where it cannot be one', () => {
    expect(questionDates('I may 5 times in 2020')).toEqual([]);
    expect(questionDates('What happened on 31 Febtember 2014?')).toEqual([]);
    expect(questionDates('sales in 2014-13-40')).toEqual([]);
  });

  it('adds only the forms the knowledge base holds to the question’s variants', () => {
    const dates = questionDates('rain on 3 March 2014');
    const variants = withDateForms(new Map([['rain', ['raini']]]), dates, new Map([['03', 120]]));
    expect(variants).toEqual(new Map([['rain', ['raini']], ['march', ['03']], ['3', ['03']]]));
  });
});

describe('joinedTokens', () => {
  it('keeps tokens joined by punctuation that hold a digit, as their terms', () => {
    expect(joinedTokens('Is COVID-19 covered? What changed in v2.1.3 on 2015-07-04, and is e-mail fine?')).toEqual([
      ['covid', '19'],
      ['v2', '1', '3'],
      ['2015', '07', '04'],
    ]);
  });
});
