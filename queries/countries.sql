-- Countries (Turkish tutorial): the list screen reads every row by column index: 0 id, 1 title, 2 code.
SELECT * FROM country;
