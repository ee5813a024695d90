/**
 * A client address of its own for each console login: logins are limited per address, counted in Redis
 * across every test process of a run (the limit itself is tested on an app of its own).
 */
import { digits } from '../conversations/_support.js';

export const anyIp = () => `10.${digits(2)}.${digits(2)}.${digits(2)}`.replace(/\.0(\d)/g, '.$1');
