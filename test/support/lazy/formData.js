module.exports = require('../lazyModule')('form-data', { callable: true });
