// the descriptions' updateDisplayOptions calls it at load, so laziness saves nothing here: lodash's one-file build
// holds the same merge (the same package and version) in one module where lodash/merge takes about sixty
module.exports = require('lodash/lodash.js').merge;
