<?php echo 'hello';
