/**
 * English function words left out of the text index: they carry no topic, and dropping them keeps
 * posting lists short so queries stay fast at 100k chunks.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are aren't as at be because been before being
below between both but by can cannot could did do does doing down during each few for from further had
has have having he her here hers herself him himself his how i if in into is it its itself let me more
most my myself no nor not of off on once only or other ought our ours ourselves out over own same she
should so some such than that the their theirs them themselves then there these they this those through
to too under until up very was we were what when where which while who whom why with would you your
yours yourself yourselves s t also did does just will shall may might must us
whats hows wheres whos thats whens whys theres heres im ive youre youve theyre weve dont doesnt didnt
isnt arent wasnt werent cant wont shouldnt wouldnt couldnt hasnt havent`.split(/\s+/),
);
