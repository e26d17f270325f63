module.exports = require('../lazyModule')('xml2js');
