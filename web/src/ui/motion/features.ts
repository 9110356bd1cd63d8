// framer-motion's smallest feature set (animations, exits, gestures), loaded apart by LazyMotion.
import { domAnimation } from "framer-motion";

export default domAnimation;
