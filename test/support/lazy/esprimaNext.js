module.exports = require('../lazyModule')('esprima-next');
