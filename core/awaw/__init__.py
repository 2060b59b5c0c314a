"""A World at War (GMT Games): the words its procedures share, and one subpackage per
procedure (``rule58``: French surrender, key ``awaw.58``)."""
