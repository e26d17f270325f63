module.exports = require('../lazyModule')('form-data');
